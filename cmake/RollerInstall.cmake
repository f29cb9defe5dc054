# `cmake --install` puts Roller's headers (with the generated .inc files),
# libraries, roller-opt and its CMake package under the prefix.
include(CMakePackageConfigHelpers)

set(ROLLER_VERSION 0.1.0)
set(ROLLER_CMAKE_DIR lib${LLVM_LIBDIR_SUFFIX}/cmake/Roller)

install(DIRECTORY ${ROLLER_SOURCE_DIR}/include/Roller
  DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${ROLLER_BINARY_DIR}/include/Roller
  DESTINATION include
  FILES_MATCHING PATTERN "*.inc")

# add_mlir_library installs the libraries into the MLIRTargets export set;
# the analysis core (an LLVM library) and roller-opt join it, and the set is
# exported as Roller's own.
install(TARGETS RollerAnalysis EXPORT MLIRTargets
  ARCHIVE DESTINATION lib${LLVM_LIBDIR_SUFFIX}
  LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX})
set_target_properties(roller-opt PROPERTIES INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
install(TARGETS roller-opt EXPORT MLIRTargets RUNTIME DESTINATION bin)
# The PTX emulator: its library (plain C++, for embedding), the mgpu* runtime
# library mlir-runner loads, and roller-emu.
install(TARGETS RollerEmulator EXPORT MLIRTargets
  ARCHIVE DESTINATION lib${LLVM_LIBDIR_SUFFIX})
install(TARGETS roller_emulator_runtime
  LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX})
install(TARGETS roller-emu RUNTIME DESTINATION bin)
install(EXPORT MLIRTargets
  FILE RollerTargets.cmake
  NAMESPACE Roller::
  DESTINATION ${ROLLER_CMAKE_DIR})

configure_package_config_file(
  ${ROLLER_SOURCE_DIR}/cmake/RollerConfig.cmake.in
  ${ROLLER_BINARY_DIR}/cmake/RollerConfig.cmake
  INSTALL_DESTINATION ${ROLLER_CMAKE_DIR})
write_basic_package_version_file(
  ${ROLLER_BINARY_DIR}/cmake/RollerConfigVersion.cmake
  VERSION ${ROLLER_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${ROLLER_BINARY_DIR}/cmake/RollerConfig.cmake
  ${ROLLER_BINARY_DIR}/cmake/RollerConfigVersion.cmake
  DESTINATION ${ROLLER_CMAKE_DIR})
