//===- OptionsTest.cpp - The driver's command line ------------------------===//

#include "qgrad/Driver/Options.h"

#include "gtest/gtest.h"

using namespace qgrad::driver;

namespace {

llvm::Expected<DriverOptions> parse(std::vector<std::string> args) {
  return parseCommandLine(args);
}

TEST(Options, RunWithOptionsAndArguments) {
  auto options = parse({"run", "f.mlir", "--entry", "loss", "-O3", "--json",
                        "0.5", "-1", "[1,2]"});
  ASSERT_TRUE(static_cast<bool>(options));
  EXPECT_EQ(options->command, Command::Run);
  EXPECT_EQ(options->inputPath, "f.mlir");
  EXPECT_EQ(options->entry, "loss");
  EXPECT_EQ(options->optLevel, 3u);
  EXPECT_TRUE(options->json);
  EXPECT_EQ(options->arguments,
            (std::vector<std::string>{"0.5", "-1", "[1,2]"}));
}

TEST(Options, NegativeNumbersAreArguments) {
  auto options = parse({"run", "f.mlir", "-0.5", "-.25", "-3e2"});
  ASSERT_TRUE(static_cast<bool>(options));
  EXPECT_EQ(options->arguments,
            (std::vector<std::string>{"-0.5", "-.25", "-3e2"}));
}

TEST(Options, DoubleDashEndsOptions) {
  auto options = parse({"run", "f.mlir", "--", "--json"});
  ASSERT_TRUE(static_cast<bool>(options));
  EXPECT_FALSE(options->json);
  EXPECT_EQ(options->arguments, (std::vector<std::string>{"--json"}));
}

TEST(Options, EqualsForms) {
  auto options = parse({"run", "f.mlir", "--entry=g", "--emit=llvm-ir",
                        "--keep-intermediate=out"});
  ASSERT_TRUE(static_cast<bool>(options));
  EXPECT_EQ(options->entry, "g");
  EXPECT_EQ(options->emit, EmitKind::LLVMIR);
  EXPECT_EQ(options->keepIntermediateDir, "out");
}

TEST(Options, Errors) {
  auto message = [](std::vector<std::string> args) {
    auto options = parseCommandLine(args);
    return options ? std::string("<ok>") : llvm::toString(options.takeError());
  };
  EXPECT_EQ(message({}), "missing command (run, compile, --help)");
  EXPECT_EQ(message({"run"}), "missing input file");
  EXPECT_EQ(message({"run", "f.mlir", "--entry"}),
            "option '--entry' needs a value");
  EXPECT_EQ(message({"run", "f.mlir", "-O7"}), "unknown option '-O7'");
  EXPECT_EQ(message({"compile", "f.mlir"}), "compile needs -o OUTPUT");
  EXPECT_EQ(message({"compile", "f.mlir", "-o", "x.so", "1"}),
            "compile takes no arguments, found '1'");
  EXPECT_EQ(message({"run", "f.mlir", "--emit=obj"}),
            "unknown --emit kind 'obj' (expected mlir-llvm, llvm-ir or "
            "llvm-ir-opt)");
}

TEST(Options, HelpAndVersionWin) {
  auto help = parse({"run", "f.mlir", "--help"});
  ASSERT_TRUE(static_cast<bool>(help));
  EXPECT_EQ(help->command, Command::Help);
  auto version = parse({"--version"});
  ASSERT_TRUE(static_cast<bool>(version));
  EXPECT_EQ(version->command, Command::Version);
}

} // namespace

namespace {

TEST(Options, ADStageSwitches) {
  auto options = parseCommandLine(std::vector<std::string>{
      "run", "f.mlir", "--pre-ad-opt=off", "--post-ad-opt=on",
      "--ad-stages=always"});
  ASSERT_TRUE(static_cast<bool>(options));
  EXPECT_FALSE(options->preADOpt);
  EXPECT_TRUE(options->postADOpt);
  EXPECT_TRUE(options->alwaysRunADStages);

  auto defaults = parseCommandLine(std::vector<std::string>{"run", "f.mlir"});
  ASSERT_TRUE(static_cast<bool>(defaults));
  EXPECT_TRUE(defaults->preADOpt);
  EXPECT_TRUE(defaults->postADOpt);
  EXPECT_FALSE(defaults->alwaysRunADStages);

  auto bad = parseCommandLine(
      std::vector<std::string>{"run", "f.mlir", "--pre-ad-opt=maybe"});
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(llvm::toString(bad.takeError()),
            "option '--pre-ad-opt' takes on or off, not 'maybe'");
}

} // namespace
