//===- Configuration.cpp - Pipeline configurations under test -------------===//

#include "Configuration.h"

using namespace qgrad::bench;
using llvm::StringLiteral;

static constexpr StringLiteral kNoPreAD[] = {"--pre-ad-opt=off"};
static constexpr StringLiteral kNoPostAD[] = {"--post-ad-opt=off"};
static constexpr StringLiteral kNoADOpt[] = {"--pre-ad-opt=off",
                                             "--post-ad-opt=off"};
static constexpr StringLiteral kPreADO1[] = {"--pre-ad-passes=default<O1>"};
// Promotion and local clean-up, with and without inlining: the cheapest
// pipelines that might give the AD engine the SSA form it needs.
static constexpr StringLiteral kPreADInline[] = {
    "--pre-ad-passes=function(sroa,early-cse,instcombine,simplifycfg),"
    "cgscc(inline)"};
static constexpr StringLiteral kPreADLocal[] = {
    "--pre-ad-passes=function(sroa,early-cse,instcombine,simplifycfg)"};
static constexpr StringLiteral kO0[] = {"-O0"};
static constexpr StringLiteral kO1[] = {"-O1"};
static constexpr StringLiteral kO3[] = {"-O3"};
static constexpr StringLiteral kAlwaysAD[] = {"--ad-stages=always"};

static const Configuration kConfigurations[] = {
    {"default",
     "driver defaults: -O2, O2 before and after AD, AD stages only "
     "with a gradient",
     {},
     AppliesTo::All},
    {"no-pre-ad", "no optimisation before AD, -O2 after", kNoPreAD,
     AppliesTo::WithGradient},
    {"pre-ad-only", "O2 before AD, none after", kNoPostAD,
     AppliesTo::WithGradient},
    {"no-ad-opt", "no optimisation before or after AD", kNoADOpt,
     AppliesTo::WithGradient},
    {"pre-ad-O1", "O1 instead of O2 before AD", kPreADO1,
     AppliesTo::WithGradient},
    {"pre-ad-inline", "promotion, local clean-up and inlining before AD",
     kPreADInline, AppliesTo::WithGradient},
    {"pre-ad-local", "promotion and local clean-up before AD, no inlining",
     kPreADLocal, AppliesTo::WithGradient},
    {"O0", "-O0 code generation and final pipeline", kO0, AppliesTo::All},
    {"O1", "-O1 code generation and final pipeline", kO1, AppliesTo::All},
    {"O3", "-O3 code generation and final pipeline", kO3, AppliesTo::All},
    {"ad-always", "AD stages run although there is no gradient", kAlwaysAD,
     AppliesTo::WithoutGradient},
};

llvm::ArrayRef<Configuration> qgrad::bench::getConfigurations() {
  return kConfigurations;
}

bool qgrad::bench::appliesToProgram(const Configuration &config,
                                    bool hasGradient) {
  switch (config.appliesTo) {
  case AppliesTo::All:
    return true;
  case AppliesTo::WithGradient:
    return hasGradient;
  case AppliesTo::WithoutGradient:
    return !hasGradient;
  }
  return false;
}
