//===- NativeModule.cpp - qgrad._native: the pipeline in process ----------===//
//
// The Python frontend's only door into C++: a Program is MLIR text compiled
// by the driver's stages (CompiledProgram) into one JIT, and called on numpy
// arrays. Everything about tracing and translation stays in Python; nothing
// here knows about PennyLane or JAX.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Driver/CompiledProgram.h"

#include "qgrad_rt.h"

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <dlfcn.h>
#include <stdexcept>

namespace nb = nanobind;
using namespace qgrad::driver;

namespace {

/// Raised as qgrad.CompileError: the program could not be compiled.
struct CompileFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// Raised as qgrad.ExecutionError: the compiled program failed at run time.
struct ExecutionFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Arguments may be read-only (numpy views of JAX arrays are).
using InputArray = nb::ndarray<nb::ro, nb::c_contig, nb::device::cpu>;
using ResultArray = nb::ndarray<nb::numpy, nb::c_contig, nb::device::cpu>;

nb::dlpack::dtype toDType(ElementKind kind) {
  switch (kind) {
  case ElementKind::F64:
    return nb::dtype<double>();
  case ElementKind::F32:
    return nb::dtype<float>();
  case ElementKind::I64:
    return nb::dtype<int64_t>();
  case ElementKind::I32:
    return nb::dtype<int32_t>();
  case ElementKind::I1:
    return nb::dtype<bool>();
  }
  throw std::logic_error("unknown element kind");
}

/// The type list a Python caller sees: (element name, dims with -1 for a
/// dynamic dimension, is_tensor) per value.
nb::list describe(const std::vector<ValueType> &types) {
  nb::list out;
  for (const ValueType &type : types) {
    nb::list dims;
    for (const std::optional<int64_t> &dim : type.dims)
      dims.append(dim ? *dim : -1);
    out.append(nb::make_tuple(std::string(getElementName(type.element)), dims,
                              type.isTensor));
  }
  return out;
}

/// The array's buffer, read in place by compiled code (the frontend marks
/// entry arguments read-only, so nothing writes to it); the caller keeps
/// the array alive for the call.
HostValue toHost(const ValueType &type, const InputArray &array) {
  if (array.dtype() != toDType(type.element))
    throw nb::type_error(
        ("expected elements of type " + getElementName(type.element).str())
            .c_str());
  std::vector<int64_t> shape;
  for (size_t i = 0; i < array.ndim(); ++i)
    shape.push_back(int64_t(array.shape(i)));
  return HostValue::borrow(type.element, type.isTensor, std::move(shape),
                           array.data(), array.nbytes());
}

nb::object fromHost(HostValue &&value) {
  // The array keeps the memory compiled code wrote alive: a returned buffer
  // (shared by the results that alias it) or the bytes of a scalar.
  void *data;
  nb::capsule owner;
  if (value.isExternal()) {
    auto *kept = new std::shared_ptr<const void>(std::move(value.owner));
    data = const_cast<uint8_t *>(value.data());
    owner = nb::capsule(kept, [](void *p) noexcept {
      delete static_cast<std::shared_ptr<const void> *>(p);
    });
  } else {
    auto *owned = new std::vector<uint8_t>(std::move(value.bytes));
    data = owned->data();
    owner = nb::capsule(owned, [](void *p) noexcept {
      delete static_cast<std::vector<uint8_t> *>(p);
    });
  }
  std::vector<size_t> shape(value.shape.begin(), value.shape.end());
  return nb::cast(ResultArray(data, shape.size(), shape.data(), owner,
                              /*strides=*/nullptr, toDType(value.element)));
}

class Program {
public:
  Program(const std::string &mlir, const std::string &name,
          const std::vector<std::string> &entries, unsigned optLevel,
          const std::string &keepIntermediate)
      : compiled(compile(mlir, name, entries, optLevel, keepIntermediate)) {}

  nb::tuple signature(const std::string &entry) const {
    const EntrySignature *signature = compiled.getSignature(entry);
    if (!signature)
      throw nb::key_error(("'" + entry + "' was not compiled").c_str());
    return nb::make_tuple(describe(signature->inputs),
                          describe(signature->results));
  }

  nb::list call(const std::string &entry,
                const std::vector<InputArray> &arguments) const {
    const EntrySignature *signature = compiled.getSignature(entry);
    if (!signature)
      throw nb::key_error(("'" + entry + "' was not compiled").c_str());
    if (arguments.size() != signature->inputs.size())
      throw nb::type_error(
          ("'" + entry + "' takes " + std::to_string(signature->inputs.size()) +
           " arguments, got " + std::to_string(arguments.size()))
              .c_str());
    std::vector<HostValue> host;
    for (size_t i = 0; i < arguments.size(); ++i)
      host.push_back(toHost(signature->inputs[i], arguments[i]));
    for (size_t i = 0; i < host.size(); ++i)
      if (llvm::Error err = checkArgument(signature->inputs[i], host[i], i))
        throw nb::value_error(llvm::toString(std::move(err)).c_str());
    llvm::Expected<std::vector<HostValue>> results = [&] {
      // Compiled code does not touch Python objects.
      nb::gil_scoped_release released;
      return compiled.call(entry, host);
    }();
    if (!results)
      throw ExecutionFailure(llvm::toString(results.takeError()));
    nb::list out;
    for (HostValue &value : *results)
      out.append(fromHost(std::move(value)));
    return out;
  }

private:
  static CompiledProgram compile(const std::string &mlir,
                                 const std::string &name,
                                 const std::vector<std::string> &entries,
                                 unsigned optLevel,
                                 const std::string &keepIntermediate) {
    CompileOptions options;
    options.optLevel = optLevel;
    options.keepIntermediateDir = keepIntermediate;
    auto compiled = CompiledProgram::compileText(mlir, name, entries, options);
    if (!compiled)
      throw CompileFailure(llvm::toString(compiled.takeError()));
    return std::move(*compiled);
  }

  CompiledProgram compiled;
};

/// Python loads extension modules with RTLD_LOCAL, so the quantum runtime
/// this module links is invisible to the JIT's search of the process; it
/// is promoted to the global scope once.
void exposeRuntimeToJit() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&qgrad_rt_default_context), &info) &&
      info.dli_fname)
    dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
}

} // namespace

NB_MODULE(_native, m) {
  m.doc() = "qgrad's compiler pipeline, in process";
  exposeRuntimeToJit();
  nb::exception<CompileFailure>(m, "CompileError");
  nb::exception<ExecutionFailure>(m, "ExecutionError", PyExc_RuntimeError);
  nb::class_<Program>(m, "Program")
      .def(nb::init<const std::string &, const std::string &,
                    const std::vector<std::string> &, unsigned,
                    const std::string &>(),
           nb::arg("mlir"), nb::arg("name"), nb::arg("entries"),
           nb::arg("opt_level") = 2, nb::arg("keep_intermediate") = "")
      .def("signature", &Program::signature, nb::arg("entry"),
           "(inputs, results): (element, dims, is_tensor) per value")
      .def("call", &Program::call, nb::arg("entry"), nb::arg("arguments"),
           "Calls `entry` on C-contiguous numpy arrays (0-d for scalars)");
}
