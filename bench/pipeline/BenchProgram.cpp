//===- BenchProgram.cpp - The programs of bench/programs ------------------===//

#include "BenchProgram.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace qgrad::bench;

static constexpr llvm::StringLiteral kMarker = "// BENCH:";

llvm::Expected<std::vector<BenchProgram>>
qgrad::bench::parseBenchLines(llvm::StringRef path, llvm::StringRef text) {
  std::vector<BenchProgram> programs;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (auto [index, line] : llvm::enumerate(lines)) {
    llvm::StringRef trimmed = line.trim();
    if (!trimmed.consume_front(kMarker))
      continue;
    llvm::SmallVector<llvm::StringRef> tokens;
    trimmed.split(tokens, ' ', -1, /*KeepEmpty=*/false);
    if (tokens.empty())
      return llvm::createStringError(
          llvm::formatv("{0}:{1}:1: error: BENCH line without a program name",
                        path, index + 1));
    BenchProgram program{tokens.front().str(), path.str(), {}};
    for (llvm::StringRef token : llvm::ArrayRef(tokens).drop_front())
      program.arguments.push_back(token.trim().str());
    programs.push_back(std::move(program));
  }
  return programs;
}

llvm::Expected<std::vector<BenchProgram>>
qgrad::bench::loadSuite(llvm::StringRef directory) {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(directory, ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".mlir")
      files.push_back(it->path());
  if (ec)
    return llvm::createStringError("cannot list '" + directory +
                                   "': " + ec.message());
  std::sort(files.begin(), files.end());

  std::vector<BenchProgram> suite;
  llvm::StringSet<> names;
  for (const std::string &file : files) {
    auto buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer)
      return llvm::createStringError("cannot read '" + file +
                                     "': " + buffer.getError().message());
    auto programs = parseBenchLines(file, (*buffer)->getBuffer());
    if (!programs)
      return programs.takeError();
    for (BenchProgram &program : *programs) {
      if (!names.insert(program.name).second)
        return llvm::createStringError("program name '" + program.name +
                                       "' is used twice (again in " + file +
                                       ")");
      suite.push_back(std::move(program));
    }
  }
  if (suite.empty())
    return llvm::createStringError("no '// BENCH:' programs in '" + directory +
                                   "'");
  return suite;
}
