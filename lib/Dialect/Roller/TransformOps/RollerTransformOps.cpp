//===- RollerTransformOps.cpp - Transform dialect ops for Roller ----------===//
//
// transform.roller.select runs selectSchedules/checkConfig on each payload
// op and attaches the config; transform.roller.tile runs tileToRProgram.
// Both check every payload op before changing any, so that a silenceable
// failure leaves the payload as it was.
//
//===----------------------------------------------------------------------===//

#include "Roller/Dialect/Roller/TransformOps/RollerTransformOps.h"

#include "Roller/Analysis/Device.h"
#include "Roller/Analysis/LinalgTensorExpr.h"
#include "Roller/Dialect/Roller/IR/RollerDialect.h"
#include "Roller/Dialect/Roller/IR/RollerOps.h"
#include "Roller/Dialect/Roller/Transforms/DeviceSelection.h"
#include "Roller/Dialect/Roller/Transforms/Select.h"
#include "Roller/Dialect/Roller/Transforms/TileToRProgram.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::roller;

#define GET_OP_CLASSES
#include "Roller/Dialect/Roller/TransformOps/RollerTransformOps.cpp.inc"

namespace {

/// Where the device an op's config was chosen for is recorded: the nearest
/// ancestor with a roller.device, else the enclosing module (null for an op
/// outside any module).
Operation *getDeviceHolder(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (parent->hasAttr(RollerDialect::kDeviceAttrName))
      return parent;
  return op->getParentOfType<ModuleOp>();
}

} // namespace

//===----------------------------------------------------------------------===//
// RollerSelectOp
//===----------------------------------------------------------------------===//

LogicalResult transform::RollerSelectOp::verify() {
  if (getRankAttr().getInt() < 1)
    return emitOpError() << "rank must be at least 1, got "
                         << getRankAttr().getInt();
  if (getTopKAttr().getInt() < 1)
    return emitOpError() << "top_k must be at least 1, got "
                         << getTopKAttr().getInt();
  if (std::optional<StringRef> device = getDevice(); device && device->empty())
    return emitOpError() << "device must name a preset or a JSON file";
  return success();
}

void transform::RollerSelectOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::RollerSelectOp::apply(transform::TransformRewriter &rewriter,
                                 transform::TransformResults &results,
                                 transform::TransformState &state) {
  // The verifier rejects these; an op built in C++ may not have been
  // verified.
  if (getRankAttr().getInt() < 1 || getTopKAttr().getInt() < 1)
    return emitDefiniteFailure()
           << "rank and top_k must be at least 1, got rank "
           << getRankAttr().getInt() << " and top_k " << getTopKAttr().getInt();

  MLIRContext *ctx = getContext();
  // An unusable device is a definite failure: no op could be scheduled.
  auto resolve = [&](StringRef name,
                     DeviceAttr &device) -> DiagnosedSilenceableFailure {
    llvm::Expected<DeviceSpec> spec = resolveDevice(name);
    if (!spec)
      return emitDefiniteFailure() << llvm::toString(spec.takeError());
    // What the analysis accepts but the attribute rejects (an element type
    // MLIR does not know) is reported at this op too.
    device = DeviceAttr::getChecked([&] { return emitError(); }, ctx, *spec);
    if (!device)
      return DiagnosedSilenceableFailure::definiteFailure();
    return DiagnosedSilenceableFailure::success();
  };
  DeviceAttr requested, fallback;
  if (std::optional<StringRef> device = getDevice()) {
    DiagnosedSilenceableFailure resolved = resolve(*device, requested);
    if (!resolved.succeeded())
      return resolved;
  }

  ConstructionOptions construction;
  // Ranking at least `rank` candidates makes every rank reachable.
  construction.topK = std::max(getTopKAttr().getInt(), getRankAttr().getInt());

  struct Choice {
    Operation *op;
    ConfigAttr config;
    DeviceAttr device;
    /// Fewer candidates than `rank`: the remark to give.
    size_t candidates = 0;
  };
  SmallVector<Choice> choices;
  llvm::DenseMap<DeviceAttr, DeviceSpec> specs;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto fail = [&](const Twine &message) {
      DiagnosedSilenceableFailure diag = emitSilenceableError() << message;
      diag.attachNote(target->getLoc()) << "when applied to this op";
      return diag;
    };
    auto op = dyn_cast<linalg::LinalgOp>(target);
    if (!op)
      return fail("expected a linalg op, got '" +
                  target->getName().getStringRef() + "'");

    DeviceAttr device = requested ? requested : findEnclosingDevice(target);
    if (!device) {
      if (!fallback) {
        DiagnosedSilenceableFailure resolved =
            resolve(kDefaultDevicePreset, fallback);
        if (!resolved.succeeded())
          return resolved;
      }
      device = fallback;
    }
    auto [it, inserted] = specs.try_emplace(device);
    if (inserted)
      it->second = device.toSpec();
    const DeviceSpec &spec = it->second;

    // A user's config is checked and kept.
    if (auto config =
            op->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName)) {
      llvm::Expected<TensorExpr> expr = tensorExprFromLinalg(op);
      if (!expr)
        return fail("roller.config on an op Roller cannot model: " +
                    llvm::toString(expr.takeError()));
      llvm::Expected<Prediction> prediction = checkConfig(*expr, spec, config);
      if (!prediction)
        return fail("the op's roller.config does not fit device '" +
                    device.getName() +
                    "': " + llvm::toString(prediction.takeError()));
      choices.push_back({target, config, device});
      continue;
    }

    llvm::Expected<Selection> selection =
        selectSchedules(op, spec, construction);
    if (!selection)
      return fail("Roller cannot schedule this op: " +
                  llvm::toString(selection.takeError()));
    const std::vector<Candidate> &candidates =
        selection->construction.candidates;
    size_t chosen =
        std::min<size_t>(getRankAttr().getInt(), candidates.size()) - 1;
    Choice choice{
        target, buildConfigAttr(ctx, selection->expr, candidates[chosen], spec),
        device};
    if (chosen + 1 < size_t(getRankAttr().getInt()))
      choice.candidates = candidates.size();
    choices.push_back(choice);
  }

  // Every op has a config: attach them and record the devices.
  SmallVector<Operation *> configured;
  for (const Choice &choice : choices) {
    if (choice.candidates)
      choice.op->emitRemark()
          << "transform.roller.select: rank " << getRankAttr().getInt()
          << " asked for, but only " << choice.candidates
          << (choice.candidates == 1 ? " candidate" : " candidates")
          << ": attaching the last";
    rewriter.modifyOpInPlace(choice.op, [&] {
      choice.op->setAttr(RollerDialect::kConfigAttrName, choice.config);
    });
    if (Operation *holder = getDeviceHolder(choice.op)) {
      auto recorded =
          holder->getAttrOfType<DeviceAttr>(RollerDialect::kDeviceAttrName);
      if (recorded != choice.device) {
        if (recorded)
          holder->emitRemark()
              << "transform.roller.select: '" << holder->getName()
              << "' targeted device '" << recorded.getName()
              << "'; the configs are for '" << choice.device.getName()
              << "', which replaces it";
        rewriter.modifyOpInPlace(holder, [&] {
          holder->setAttr(RollerDialect::kDeviceAttrName, choice.device);
        });
      }
    }
    configured.push_back(choice.op);
  }
  results.set(cast<OpResult>(getConfigured()), configured);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// RollerTileOp
//===----------------------------------------------------------------------===//

void transform::RollerTileOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::RollerTileOp::apply(transform::TransformRewriter &rewriter,
                               transform::TransformResults &results,
                               transform::TransformState &state) {
  // What tileToRProgram checks before it builds anything, checked here for
  // every op first so that a rejected op leaves the payload unchanged.
  SmallVector<std::pair<linalg::LinalgOp, ConfigAttr>> work;
  for (Operation *target : state.getPayloadOps(getTarget())) {
    auto fail = [&](const Twine &message) {
      DiagnosedSilenceableFailure diag = emitSilenceableError() << message;
      diag.attachNote(target->getLoc()) << "when applied to this op";
      return diag;
    };
    auto op = dyn_cast<linalg::LinalgOp>(target);
    if (!op)
      return fail("expected a linalg op, got '" +
                  target->getName().getStringRef() + "'");
    auto config = op->getAttrOfType<ConfigAttr>(RollerDialect::kConfigAttrName);
    if (!config)
      return fail("expected a linalg op with a roller.config (run "
                  "transform.roller.select first)");
    for (OpOperand &operand : op->getOpOperands()) {
      auto shaped = dyn_cast<ShapedType>(operand.get().getType());
      if (!shaped || !shaped.hasStaticShape() || shaped.getRank() == 0)
        return fail("operand #" + Twine(operand.getOperandNumber()) +
                    " is not a statically shaped tensor or memref of rank "
                    ">= 1");
    }
    if (op.getNumLoops() != config.getRank())
      return fail("the roller.config has rank " + Twine(config.getRank()) +
                  ", the op has " + Twine(op.getNumLoops()) + " loops");
    if (config.getPadding().size() != size_t(op.getNumDpsInputs()))
      return fail("the roller.config has " + Twine(config.getPadding().size()) +
                  " paddings, the op has " + Twine(op.getNumDpsInputs()) +
                  " inputs");
    work.emplace_back(op, config);
  }

  SmallVector<Operation *> programs;
  for (auto [op, config] : work) {
    std::string reason;
    Location loc = op.getLoc();
    FailureOr<RProgramOp> program =
        tileToRProgram(rewriter, op, config, reason);
    if (failed(program)) {
      std::string message =
          "cannot rewrite the op into a roller.rprogram: " + reason;
      if (programs.empty()) {
        DiagnosedSilenceableFailure diag = emitSilenceableError() << message;
        diag.attachNote(loc) << "when applied to this op";
        return diag;
      }
      DiagnosedDefiniteFailure diag = emitDefiniteFailure() << message;
      diag.attachNote(loc) << "when applied to this op";
      diag.attachNote() << programs.size()
                        << " earlier target(s) were already rewritten";
      return diag;
    }
    programs.push_back(*program);
  }
  results.set(cast<OpResult>(getRprograms()), programs);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// Extension
//===----------------------------------------------------------------------===//

namespace {
class RollerTransformExtension
    : public transform::TransformDialectExtension<RollerTransformExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RollerTransformExtension)
  using Base::Base;

  void init() {
    declareGeneratedDialect<RollerDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "Roller/Dialect/Roller/TransformOps/RollerTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void mlir::roller::registerRollerTransformExtension(DialectRegistry &registry) {
  registry.addExtensions<RollerTransformExtension>();
}
