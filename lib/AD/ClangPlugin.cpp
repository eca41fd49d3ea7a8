//===- ClangPlugin.cpp - Enzyme's attributes, and -fplugin, in clang ------===//
//
// QgradAD.so loads this library when its host is clang (Plugin.cpp), and
// clang-22 loads a -fpass-plugin library before it parses the source, so the
// attributes registered here reach the parser whichever way the plugin is
// given:
//   clang-22 -fpass-plugin=QgradAD.so prog.c   the pass plugin;
//   clang-22 -fplugin=QgradAD.so prog.c        Enzyme's way: the frontend
//                                               action adds the AD passes.
// Without them clang would warn "unknown attribute ignored" and an
// enzyme_inactive function would be differentiated: a wrong number.
//
// Each attribute of enzymeAnnotations() becomes the annotation of the same
// name (enzyme_function_like("exp") becomes "enzyme_function_like=exp"),
// which the engine's Registry reads from llvm.global.annotations. The
// annotation carries its file and line, and survives every optimisation
// level, unlike a registration global a clang plugin would have to invent.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/Registration.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/Path.h"

#include <string>
#include <vector>

using namespace clang;
using qgrad::ad::AnnotationMeaning;
using qgrad::ad::EnzymeAnnotation;

namespace {

// QgradAD.so's registerADPasses, handed over by qgradADClangInit: this
// library links none of the engine.
void (*RegisterADPasses)(llvm::PassBuilder &) = nullptr;

constexpr llvm::StringLiteral EnzymePrefix = "enzyme_";
constexpr llvm::StringLiteral EnzymeScope = "enzyme::";

// The table entry an attribute names, by any of its spellings.
const EnzymeAnnotation *annotationOf(const ParsedAttr &Attr) {
  std::string Name = Attr.getNormalizedFullName();
  llvm::StringRef Spelled = Name;
  std::string Unscoped = Spelled.consume_front(EnzymeScope)
                             ? (EnzymePrefix + Spelled).str()
                             : Spelled.str();
  for (const EnzymeAnnotation &A : qgrad::ad::EnzymeAnnotations)
    if (A.IsAttribute && A.Name == Unscoped)
      return &A;
  return nullptr;
}

void error(Sema &S, const ParsedAttr &Attr, llvm::StringRef Text) {
  unsigned ID =
      S.getDiagnostics().getCustomDiagID(DiagnosticsEngine::Error, "%0");
  S.Diag(Attr.getLoc(), ID) << Text;
}

// One attribute class serves the whole table: clang picks a plugin
// attribute by spelling, and the handler looks the spelling up again.
class EnzymeAttributes final : public ParsedAttrInfo {
public:
  EnzymeAttributes() {
    OptArgs = 1;
    for (const EnzymeAnnotation &A : qgrad::ad::EnzymeAnnotations) {
      if (!A.IsAttribute)
        continue;
      Names.push_back(A.Name.str());
      Names.push_back(
          (EnzymeScope + A.Name.drop_front(EnzymePrefix.size())).str());
    }
    // The spellings point into Names, which no longer changes.
    for (size_t K = 0; K < Names.size(); K += 2)
      for (auto [Syntax, Name] :
           {std::pair{ParsedAttr::AS_GNU, &Names[K]},
            std::pair{ParsedAttr::AS_C23, &Names[K]},
            std::pair{ParsedAttr::AS_CXX11, &Names[K]},
            std::pair{ParsedAttr::AS_C23, &Names[K + 1]},
            std::pair{ParsedAttr::AS_CXX11, &Names[K + 1]}})
        Storage.push_back({Syntax, Name->c_str()});
    Spellings = Storage;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    const EnzymeAnnotation *A = annotationOf(Attr);
    if (!A)
      return false;
    if (isa<FunctionDecl>(D))
      return true;
    if (const auto *Var = dyn_cast<VarDecl>(D);
        Var && Var->hasGlobalStorage() && A->OnGlobals)
      return true;
    error(S, Attr,
          ("'" + A->Name + "' applies to functions" +
           (A->OnGlobals ? " and global variables" : "") + " only")
              .str());
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    const EnzymeAnnotation *A = annotationOf(Attr);
    if (!A)
      return AttributeNotApplied;
    std::string Annotation = A->Name.str();
    if (A->Meaning == AnnotationMeaning::FunctionLike) {
      const auto *Literal = Attr.getNumArgs() == 1 && Attr.isArgExpr(0)
                                ? dyn_cast<StringLiteral>(
                                      Attr.getArgAsExpr(0)->IgnoreParenCasts())
                                : nullptr;
      if (!Literal) {
        error(S, Attr,
              "'enzyme_function_like' takes one string literal, the libm "
              "function (or \"free\") the function behaves like");
        return AttributeNotApplied;
      }
      Annotation += "=" + Literal->getString().str();
    } else if (Attr.getNumArgs() != 0) {
      error(S, Attr, ("'" + A->Name + "' takes no arguments").str());
      return AttributeNotApplied;
    }
    D->addAttr(AnnotateAttr::Create(S.Context, Annotation, nullptr, 0,
                                    Attr.getRange()));
    return AttributeApplied;
  }

private:
  std::vector<std::string> Names;
  std::vector<Spelling> Storage;
};

ParsedAttrInfoRegistry::Add<EnzymeAttributes>
    RegisterAttributes("qgrad-enzyme-attributes",
                       "Enzyme's function and global attributes");

// With -fplugin alone (Enzyme's command line) clang runs no pass of this
// library; the action asks code generation to add them, unless the same
// library is also a -fpass-plugin and adds them itself.
class AddADPasses final : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    CodeGenOptions &CodeGen = CI.getCodeGenOpts();
    bool Loaded = llvm::any_of(CodeGen.PassPlugins, [](const std::string &P) {
      return llvm::sys::path::stem(P) == "QgradAD";
    });
    if (!Loaded && RegisterADPasses)
      CodeGen.PassBuilderCallbacks.push_back(RegisterADPasses);
    return std::make_unique<ASTConsumer>();
  }

  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

FrontendPluginRegistry::Add<AddADPasses>
    RegisterAction("qgrad-ad", "qgrad's reverse-mode AD passes");

} // namespace

extern "C" LLVM_ABI_EXPORT void
qgradADClangInit(void (*Register)(llvm::PassBuilder &)) {
  RegisterADPasses = Register;
}
