//===- QgradRun.cpp - One `qgrad run --json` as a subprocess --------------===//

#include "QgradRun.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <chrono>
#include <cmath>

using namespace qgrad::bench;

namespace {

llvm::Error flattenResult(const llvm::json::Value &value,
                          std::vector<double> &out) {
  if (value.kind() == llvm::json::Value::Null) {
    out.push_back(NAN);
    return llvm::Error::success();
  }
  if (std::optional<double> number = value.getAsNumber()) {
    out.push_back(*number);
    return llvm::Error::success();
  }
  if (std::optional<bool> flag = value.getAsBoolean()) {
    out.push_back(*flag ? 1.0 : 0.0);
    return llvm::Error::success();
  }
  if (const llvm::json::Array *array = value.getAsArray()) {
    for (const llvm::json::Value &element : *array)
      if (llvm::Error err = flattenResult(element, out))
        return err;
    return llvm::Error::success();
  }
  return llvm::createStringError("a result is neither a number nor a list");
}

llvm::Error readStages(const llvm::json::Object &object,
                       std::map<std::string, double> &stages) {
  for (const auto &[key, value] : object) {
    std::optional<double> ms = value.getAsNumber();
    if (!ms)
      return llvm::createStringError("timing '" + key.str() +
                                     "' is not a number");
    stages[key.str()] = *ms;
  }
  return llvm::Error::success();
}

/// A file that is removed when it goes out of scope.
struct TemporaryFile {
  llvm::SmallString<128> path;
  ~TemporaryFile() {
    if (!path.empty())
      llvm::sys::fs::remove(path);
  }
};

llvm::Error createTemporary(llvm::StringRef suffix, TemporaryFile &file) {
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("qgrad-bench", suffix, file.path))
    return llvm::createStringError("cannot create a temporary file: " +
                                   ec.message());
  return llvm::Error::success();
}

std::string readFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

} // namespace

llvm::Expected<RunRecord> qgrad::bench::parseRunReport(llvm::StringRef json) {
  auto parsed = llvm::json::parse(json);
  if (!parsed)
    return llvm::createStringError("qgrad printed no valid JSON: " +
                                   llvm::toString(parsed.takeError()));
  const llvm::json::Object *report = parsed->getAsObject();
  const llvm::json::Array *results =
      report ? report->getArray("results") : nullptr;
  const llvm::json::Object *timings =
      report ? report->getObject("timings_ms") : nullptr;
  if (!results || !timings)
    return llvm::createStringError(
        "qgrad's JSON lacks \"results\" or \"timings_ms\"");
  RunRecord record;
  for (const llvm::json::Value &result : *results)
    if (llvm::Error err = flattenResult(result, record.results))
      return std::move(err);
  if (llvm::Error err = readStages(*timings, record.stagesMs))
    return std::move(err);
  if (const llvm::json::Object *cpu = report->getObject("cpu_ms"))
    if (llvm::Error err = readStages(*cpu, record.cpuStagesMs))
      return std::move(err);
  if (std::optional<int64_t> bytes = report->getInteger("code_bytes"))
    record.codeBytes = static_cast<uint64_t>(*bytes);
  return record;
}

llvm::Expected<RunRecord>
qgrad::bench::runQgrad(llvm::StringRef qgradPath, const BenchProgram &program,
                       llvm::ArrayRef<llvm::StringLiteral> flags,
                       unsigned timeoutSeconds) {
  std::vector<llvm::StringRef> argv = {qgradPath, "run", program.path,
                                       "--json"};
  argv.insert(argv.end(), flags.begin(), flags.end());
  for (const std::string &argument : program.arguments)
    argv.push_back(argument);

  TemporaryFile out, err;
  if (llvm::Error error = createTemporary("out", out))
    return std::move(error);
  if (llvm::Error error = createTemporary("err", err))
    return std::move(error);
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""),
                                                llvm::StringRef(out.path),
                                                llvm::StringRef(err.path)};
  std::string message;
  auto start = std::chrono::steady_clock::now();
  int status = llvm::sys::ExecuteAndWait(
      qgradPath, argv, std::nullopt, redirects, timeoutSeconds, 0, &message);
  std::chrono::duration<double, std::milli> wall =
      std::chrono::steady_clock::now() - start;
  if (status != 0) {
    std::string reason =
        !message.empty() ? message
        : status == -2
            ? llvm::formatv("timed out after {0} s", timeoutSeconds).str()
            : llvm::formatv("exit status {0}", status).str();
    std::string firstLine =
        llvm::StringRef(readFile(err.path)).split('\n').first.str();
    return llvm::createStringError(reason +
                                   (firstLine.empty() ? "" : ": " + firstLine));
  }
  auto record = parseRunReport(readFile(out.path));
  if (record)
    record->wallMs = wall.count();
  return record;
}
