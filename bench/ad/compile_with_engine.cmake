# Compiles one gradient wrapper (*_qgrad.c) with clang and the QgradAD pass
# plugin. When the plugin is missing, rejects the wrapper, or leaves
# __enzyme_autodiff calls behind, the object instead defines the engine entry
# as unavailable with the reason, so the benchmark still builds and reports
# the engine's state rather than hiding it.
#
# cmake -DCOMPILER=clang -DPLUGIN=QgradAD.so|"" -DSOURCE=x_qgrad.c
#       -DOBJECT=x_qgrad.o -DENTRY=x_engine -DINCLUDES="a|b" -DNM=nm -P this

set(include_flags)
string(REPLACE "|" ";" include_dirs "${INCLUDES}")
foreach(dir ${include_dirs})
  list(APPEND include_flags "-I${dir}")
endforeach()
get_filename_component(source_name "${SOURCE}" NAME)

# The few lines of a failed compile that say what went wrong: the errors, or
# for a crash the pass that was running and the engine's innermost frame.
function(summarize_failure diagnostics out)
  string(REGEX MATCHALL "[^\n]*error: [^\n]*" errors "${diagnostics}")
  list(FILTER errors EXCLUDE REGEX "clang frontend command failed|unable to execute command")
  string(REGEX MATCH "Running pass [^\n]*" pass "${diagnostics}")
  string(REGEX MATCH "#[0-9]+ 0x[0-9a-f]+ [^\n]*qgrad::[^\n]*" frame "${diagnostics}")
  string(REGEX REPLACE "^#[0-9]+ 0x[0-9a-f]+ " "" frame "${frame}")
  if(pass)
    set(summary "clang crashed: ${pass}; innermost engine frame ${frame}")
  elseif(errors)
    list(SUBLIST errors 0 3 errors)
    string(JOIN "; " summary ${errors})
  else()
    string(SUBSTRING "${diagnostics}" 0 300 summary)
  endif()
  set(${out} "${summary}" PARENT_SCOPE)
endfunction()

set(reason "")
if(NOT PLUGIN)
  set(reason "the QgradAD plugin is not part of this build")
else()
  execute_process(
    COMMAND "${COMPILER}" -O2 "-fpass-plugin=${PLUGIN}" ${include_flags}
            -c "${SOURCE}" -o "${OBJECT}"
    RESULT_VARIABLE status ERROR_VARIABLE diagnostics)
  if(NOT status EQUAL 0)
    file(WRITE "${OBJECT}.log" "${diagnostics}")
    summarize_failure("${diagnostics}" summary)
    set(reason "the QgradAD plugin failed on ${source_name}: ${summary} (full log: ${OBJECT}.log)")
  else()
    execute_process(COMMAND "${NM}" --undefined-only "${OBJECT}"
                    OUTPUT_VARIABLE undefined RESULT_VARIABLE nm_status)
    if(NOT nm_status EQUAL 0)
      set(reason "cannot list the symbols of ${OBJECT}")
    elseif(undefined MATCHES "__enzyme_autodiff|enzyme_(const|dup|out)")
      set(reason "the QgradAD plugin left __enzyme_autodiff or a marker in ${source_name}")
    endif()
  endif()
endif()

if(reason STREQUAL "")
  return()
endif()

message(WARNING "qgrad-bench-ad: the engine's gradient is unavailable: ${reason}")
string(REPLACE "\\" "\\\\" escaped "${reason}")
string(REPLACE "\"" "\\\"" escaped "${escaped}")
string(REPLACE "\n" "\\n" escaped "${escaped}")
set(fallback "${OBJECT}.unavailable.c")
file(WRITE "${fallback}"
  "#include \"bench_problem.h\"\n"
  "const BenchEngineEntry ${ENTRY} = {0, \"${escaped}\"};\n")
execute_process(
  COMMAND "${COMPILER}" -O2 ${include_flags} -c "${fallback}" -o "${OBJECT}"
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cannot compile ${fallback}")
endif()
