//===- InputGuards.h - Inputs that MLIR's and LLVM's own code cannot take -===//
//
// Two guards for malformed inputs that would crash upstream code qgrad cannot
// change, so that every bad input still ends as a located error with exit
// status 1 (docs/reliability.md):
//
//  * findExcessiveNesting: MLIR's and LLVM's textual parsers recurse once per
//    level of nested brackets (regions, attributes, types), and about 4000
//    nested regions overflow an 8 MiB stack. The tools reject text nested
//    deeper than kMaxNesting levels before parsing it.
//  * installBailOutAfterErrors: some upstream parsers crash after reporting an
//    error (linalg.reduce with `dimensions = [1e]` stores a null attribute).
//    Once an error has been reported, a crash ends the process with exit
//    status 1 and a note instead of a stack dump, as GCC's "confused by
//    earlier errors, bailing out" does. The error is the input's fault and
//    has its location; the crash is the parser's recovery from it.
//
// Header-only: the tools and the driver use it without a library of its own.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_SUPPORT_INPUTGUARDS_H
#define QGRAD_SUPPORT_INPUTGUARDS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"

#include <atomic>
#include <cstring>
#include <optional>
#include <string>
#include <unistd.h>

namespace qgrad {

/// The deepest bracket nesting the tools accept; real programs nest a few
/// dozen levels at most, and the parsers overflow the stack at a few
/// thousand.
inline constexpr unsigned kMaxNesting = 1000;

/// The offset of the first bracket of `text` ('(', '[', '{' or '<') that
/// opens level `limit + 1`, if any. Brackets in string literals ("...",
/// with backslash escapes) and in line comments (from `lineComment` to the
/// end of the line) do not count, nor does the '>' of "->". Unbalanced
/// closing brackets only make the count lower, never higher.
inline std::optional<size_t>
findExcessiveNesting(llvm::StringRef text, llvm::StringRef lineComment,
                     unsigned limit = kMaxNesting) {
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == lineComment.front() && text.substr(i).starts_with(lineComment)) {
      i = text.find('\n', i);
      if (i == llvm::StringRef::npos)
        break;
      continue;
    }
    switch (c) {
    case '(':
    case '[':
    case '{':
    case '<':
      if (++depth > limit)
        return i;
      break;
    case ')':
    case ']':
    case '}':
    case '>':
      if (depth)
        --depth;
      break;
    case '-':
      if (i + 1 < e && text[i + 1] == '>')
        ++i;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

/// The message for findExcessiveNesting's offset.
inline std::string getExcessiveNestingMessage(unsigned limit = kMaxNesting) {
  return "brackets nested deeper than " + std::to_string(limit) +
         " levels (qgrad's limit: the parser recurses once per level and "
         "would overflow the stack)";
}

/// The error at `buffer`'s first bracket nested deeper than `limit`, if any,
/// located in the buffer (FILE:LINE:COL when printed; 0-based column).
inline std::optional<llvm::SMDiagnostic>
diagnoseExcessiveNesting(const llvm::MemoryBuffer &buffer,
                         llvm::StringRef lineComment,
                         unsigned limit = kMaxNesting) {
  std::optional<size_t> offset =
      findExcessiveNesting(buffer.getBuffer(), lineComment, limit);
  if (!offset)
    return std::nullopt;
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  return sources.GetMessage(
      llvm::SMLoc::getFromPointer(buffer.getBufferStart() + *offset),
      llvm::SourceMgr::DK_Error, getExcessiveNestingMessage(limit));
}

namespace detail {
inline std::atomic<bool> errorReported{false};
inline const char *bailOutToolName = "qgrad";
} // namespace detail

/// Records that an error has been reported with its location.
inline void noteErrorReported() {
  detail::errorReported.store(true, std::memory_order_relaxed);
}

/// From now on, a crash (SIGSEGV, SIGABRT, ...) after noteErrorReported()
/// ends the process with exit status 1 and a note naming `toolName`. Call it
/// first in main, before llvm::InitLLVM, so that it runs before LLVM's stack
/// trace printer.
inline void installBailOutAfterErrors(const char *toolName) {
  detail::bailOutToolName = toolName;
  llvm::sys::AddSignalHandler(
      [](void *) {
        if (!detail::errorReported.load(std::memory_order_relaxed))
          return;
        // Only async-signal-safe calls from here on.
        static const char note[] =
            ": note: stopped by a crash while recovering from the error "
            "above; that error is the problem\n";
        const char *tool = detail::bailOutToolName;
        (void)!::write(2, tool, std::strlen(tool));
        (void)!::write(2, note, sizeof(note) - 1);
        ::_exit(1);
      },
      nullptr);
}

} // namespace qgrad

#endif // QGRAD_SUPPORT_INPUTGUARDS_H
