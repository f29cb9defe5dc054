//===- DeviceConstants.cpp - Constants uploaded to the GPU once -----------===//

#include "DeviceConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::roller;

/// The internal LLVM global holding the device copy's pointer, null until
/// the first upload.
static LLVM::GlobalOp createSlot(RewriterBase &rewriter, Location loc,
                                 StringRef name) {
  auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
  auto slot = LLVM::GlobalOp::create(rewriter, loc, ptr, /*isConstant=*/false,
                                     LLVM::Linkage::Internal, name,
                                     /*value=*/Attribute());
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.createBlock(&slot.getInitializerRegion());
  Value null = LLVM::ZeroOp::create(rewriter, loc, ptr);
  LLVM::ReturnOp::create(rewriter, loc, null);
  return slot;
}

/// A memref of `type` (static, identity layout) over the device pointer
/// `pointer`: the LLVM lowering's descriptor, cast to the memref type (the
/// cast folds away when the memref is lowered to that descriptor).
static Value createMemRefAt(RewriterBase &rewriter, Location loc,
                            MemRefType type, Value pointer) {
  MLIRContext *context = rewriter.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  auto i64 = rewriter.getI64Type();
  int64_t rank = type.getRank();
  SmallVector<Type> fields{ptr, ptr, i64};
  if (rank > 0) {
    fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
    fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
  }
  auto descriptorType = LLVM::LLVMStructType::getLiteral(context, fields);
  Value descriptor = LLVM::PoisonOp::create(rewriter, loc, descriptorType);
  auto insert = [&](ArrayRef<int64_t> position, Value value) {
    descriptor =
        LLVM::InsertValueOp::create(rewriter, loc, descriptor, value, position);
  };
  auto constant = [&](int64_t value) -> Value {
    return LLVM::ConstantOp::create(rewriter, loc, i64,
                                    rewriter.getI64IntegerAttr(value));
  };
  insert({0}, pointer);
  insert({1}, pointer);
  insert({2}, constant(0));
  SmallVector<int64_t> strides = type.getStridesAndOffset().first;
  for (int64_t dim = 0; dim < rank; ++dim) {
    insert({3, dim}, constant(type.getDimSize(dim)));
    insert({4, dim}, constant(strides[dim]));
  }
  return UnrealizedConversionCastOp::create(rewriter, loc, type, descriptor)
      .getResult(0);
}

/// Adds to the module's `@__roller_free_device_constants` (made on first
/// use) the free of the device copy `slot` points to, if any.
static void addToFreeFunction(RewriterBase &rewriter, SymbolTable &symbols,
                              LLVM::GlobalOp slot, MemRefType type) {
  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = slot.getLoc();
  auto func = symbols.lookup<func::FuncOp>(kFreeDeviceConstantsFunction);
  if (!func) {
    rewriter.setInsertionPointAfter(slot);
    func = func::FuncOp::create(rewriter, loc, kFreeDeviceConstantsFunction,
                                rewriter.getFunctionType({}, {}));
    symbols.insert(func);
    rewriter.setInsertionPointToStart(func.addEntryBlock());
    func::ReturnOp::create(rewriter, loc);
  }
  rewriter.setInsertionPoint(func.getBody().front().getTerminator());
  auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
  Value slotAddress = LLVM::AddressOfOp::create(rewriter, loc, slot);
  Value pointer = LLVM::LoadOp::create(rewriter, loc, ptr, slotAddress);
  Value null = LLVM::ZeroOp::create(rewriter, loc, ptr);
  Value uploaded = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                        pointer, null);
  auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange(), uploaded,
                                /*withElseRegion=*/false);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  gpu::DeallocOp::create(rewriter, loc, /*asyncToken=*/Type(), ValueRange(),
                         createMemRefAt(rewriter, loc, type, pointer));
  LLVM::StoreOp::create(rewriter, loc, null, slotAddress);
}

func::FuncOp mlir::roller::getOrCreateUploadFunction(RewriterBase &rewriter,
                                                     memref::GlobalOp global) {
  Operation *symbolTableOp = global->getParentOp();
  std::string name = (kUploadFunctionPrefix + global.getSymName()).str();
  std::string slotName = (kDeviceSlotPrefix + global.getSymName()).str();
  if (auto existing = dyn_cast_or_null<func::FuncOp>(
          SymbolTable::lookupSymbolIn(symbolTableOp, name)))
    return existing;

  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = global.getLoc();
  MemRefType type = global.getType();
  auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
  rewriter.setInsertionPointAfter(global);
  SymbolTable symbols(symbolTableOp);
  LLVM::GlobalOp slot = createSlot(rewriter, loc, slotName);
  symbols.insert(slot);
  auto func = func::FuncOp::create(rewriter, loc, name,
                                   rewriter.getFunctionType({}, {type}));
  func.setPrivate();
  symbols.insert(func);
  addToFreeFunction(rewriter, symbols, slot, type);

  rewriter.setInsertionPointToStart(func.addEntryBlock());
  Value slotAddress = LLVM::AddressOfOp::create(rewriter, loc, slot);
  Value pointer = LLVM::LoadOp::create(rewriter, loc, ptr, slotAddress);
  Value null = LLVM::ZeroOp::create(rewriter, loc, ptr);
  Value missing = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       pointer, null);
  auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{type}, missing,
                                /*withElseRegion=*/true);

  // First call: upload, and keep the pointer.
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  Value host =
      memref::GetGlobalOp::create(rewriter, loc, type, global.getSymName());
  Value device = gpu::AllocOp::create(rewriter, loc, type,
                                      /*asyncToken=*/Type(), ValueRange(),
                                      ValueRange(), ValueRange(),
                                      /*hostShared=*/false)
                     .getMemref();
  gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(), ValueRange(),
                        device, host);
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, device);
  Value bits =
      arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), address);
  Value devicePointer = LLVM::IntToPtrOp::create(rewriter, loc, ptr, bits);
  LLVM::StoreOp::create(rewriter, loc, devicePointer, slotAddress);
  scf::YieldOp::create(rewriter, loc, device);

  // Later calls: the buffer the pointer holds.
  rewriter.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(rewriter, loc,
                       createMemRefAt(rewriter, loc, type, pointer));

  rewriter.setInsertionPointAfter(ifOp);
  func::ReturnOp::create(rewriter, loc, ifOp.getResult(0));
  return func;
}

LogicalResult mlir::roller::registerDeviceConstantsDestructor(ModuleOp module) {
  auto free =
      module.lookupSymbol<LLVM::LLVMFuncOp>(kFreeDeviceConstantsFunction);
  if (!free)
    return success();
  // llvm.mlir.global_dtors verifies that its functions are defined here.
  if (free.isExternal())
    return free.emitError()
           << kFreeDeviceConstantsFunction
           << " is only declared: registering it as the module's destructor "
              "needs its definition";
  MLIRContext *context = module.getContext();
  auto name = FlatSymbolRefAttr::get(free.getSymNameAttr());
  for (auto dtors : module.getOps<LLVM::GlobalDtorsOp>())
    if (llvm::is_contained(dtors.getDtors(), name))
      return success();
  if (!module.getOps<LLVM::GlobalDtorsOp>().empty())
    return module.emitError()
           << "the module already has llvm.mlir.global_dtors; "
           << kFreeDeviceConstantsFunction << " is not registered in them";
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  LLVM::GlobalDtorsOp::create(
      builder, module.getLoc(), builder.getArrayAttr({name}),
      builder.getArrayAttr({builder.getI32IntegerAttr(65535)}),
      builder.getArrayAttr({LLVM::ZeroAttr::get(context)}));
  return success();
}
