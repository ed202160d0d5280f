# cmake --install build --prefix P installs:
#   P/include/{dsl,driver,runtime,sim,samples,tessera}/...   the public headers (TESSERA_PUBLIC_HEADERS)
#   P/lib/libtessera*.a                       the libraries
#   P/bin/tessera-opt, P/bin/tessera-asm      the tools
#   P/lib/cmake/Tessera/                      TesseraConfig.cmake, its version file,
#                                             TesseraLLVMLink.cmake and the targets
#                                             Tessera::*
include(CMakePackageConfigHelpers)

foreach(header IN LISTS TESSERA_PUBLIC_HEADERS TESSERA_PUBLIC_FRAGMENTS)
  get_filename_component(dir ${header} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/${header}
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${dir})
endforeach()
install(FILES ${PROJECT_BINARY_DIR}/tessera/Version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tessera)

# Tessera::tessera is the one target users name; the others come along as its
# link dependencies (the compiler's libraries as $<LINK_ONLY:...>).
set_target_properties(tessera_sim PROPERTIES EXPORT_NAME sim)
set_target_properties(tessera_runtime PROPERTIES EXPORT_NAME runtime)
set_target_properties(tessera_lowering PROPERTIES EXPORT_NAME lowering)
set_target_properties(tessera_passes PROPERTIES EXPORT_NAME passes)
set_target_properties(tessera_dialect PROPERTIES EXPORT_NAME dialect)
set_target_properties(tessera_interpret PROPERTIES EXPORT_NAME interpret)
set_target_properties(tessera_driver PROPERTIES EXPORT_NAME driver)
# The samples' helper (samples/SampleMain.h): Tessera::samples.
set_target_properties(tessera_sample_main PROPERTIES EXPORT_NAME samples)
install(TARGETS tessera tessera_driver tessera_runtime tessera_sim
                tessera_lowering tessera_passes tessera_dialect tessera_interpret
                tessera_sample_main
        EXPORT TesseraTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS tessera-opt tessera-asm
        EXPORT TesseraTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(TESSERA_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Tessera)
install(EXPORT TesseraTargets NAMESPACE Tessera:: DESTINATION ${TESSERA_CMAKE_DIR})
configure_package_config_file(cmake/TesseraConfig.cmake.in
  ${PROJECT_BINARY_DIR}/TesseraConfig.cmake
  INSTALL_DESTINATION ${TESSERA_CMAKE_DIR})
# 0.x: a minor version may break the API, so 0.1 accepts 0.1.* only.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/TesseraConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/TesseraConfig.cmake
              ${PROJECT_BINARY_DIR}/TesseraConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/TesseraLLVMLink.cmake
        DESTINATION ${TESSERA_CMAKE_DIR})
