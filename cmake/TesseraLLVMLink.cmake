# How Tessera links LLVM. MLIR's static component libraries (libMLIR*.a)
# name the monolithic libLLVM.so as their LLVM dependency. Loading it costs
# a process ~17 ms and ~30 MiB of RSS (relocating all of LLVM, and loading
# libz3, libxml2 and ICU with it), while MLIR uses only LLVMSupport (and
# LLVMDemangle). tessera_link_llvm_statically() replaces libLLVM.so by those
# static component libraries in every imported MLIR target of the calling
# directory, so that only the LLVM code Tessera uses is linked in (README,
# "Performance of the tools"). Used by the top-level CMakeLists.txt and by
# the installed TesseraConfig.cmake, so that a user's executable links what
# Tessera's own do. Mixing the two in one program would register LLVM's
# command-line options twice, hence all targets or none.
#
# TESSERA_LINK_LLVM_STATIC=OFF keeps libLLVM.so.

option(TESSERA_LINK_LLVM_STATIC "Link LLVM's static component libraries, not libLLVM.so" ON)

function(tessera_link_llvm_statically)
  if(NOT TESSERA_LINK_LLVM_STATIC)
    return()
  endif()
  # LLVMSupport names libz3 for its Z3 solver, which Tessera never calls:
  # the archive's Z3 object is not linked in, so libz3 is not needed.
  get_target_property(support_libs LLVMSupport INTERFACE_LINK_LIBRARIES)
  if(support_libs)
    list(FILTER support_libs EXCLUDE REGEX "libz3")
    set_target_properties(LLVMSupport PROPERTIES INTERFACE_LINK_LIBRARIES "${support_libs}")
  endif()
  get_directory_property(imported IMPORTED_TARGETS)
  foreach(target IN LISTS imported)
    if(NOT target MATCHES "^MLIR" AND NOT target MATCHES "^mlir")
      continue()
    endif()
    get_target_property(libs ${target} INTERFACE_LINK_LIBRARIES)
    if(NOT libs OR NOT "LLVM" IN_LIST libs)
      continue()
    endif()
    list(TRANSFORM libs REPLACE "^LLVM$" "LLVMSupport")
    set_target_properties(${target} PROPERTIES INTERFACE_LINK_LIBRARIES "${libs}")
  endforeach()
endfunction()

# abseil the same way: Debian ships each absl library both shared and as a
# static archive (position-independent). A process loading the 30 shared
# ones Tessera uses spends ~2.5 ms of its start relocating them (measured:
# first_kernel --dump=listing 10.0 -> 7.5 ms CPU). tessera_link_absl_statically()
# points every imported absl:: target of the calling directory at its
# archive where one sits beside the shared library; call it after
# find_package(absl). TESSERA_LINK_ABSL_STATIC=OFF keeps the shared ones.
option(TESSERA_LINK_ABSL_STATIC "Link abseil's static archives, not its shared libraries" ON)

function(tessera_link_absl_statically)
  if(NOT TESSERA_LINK_ABSL_STATIC)
    return()
  endif()
  get_directory_property(imported IMPORTED_TARGETS)
  foreach(target IN LISTS imported)
    if(NOT target MATCHES "^absl::")
      continue()
    endif()
    get_target_property(type ${target} TYPE)
    if(NOT type STREQUAL "SHARED_LIBRARY")
      continue()
    endif()
    get_target_property(configs ${target} IMPORTED_CONFIGURATIONS)
    foreach(config IN LISTS configs)
      get_target_property(shared ${target} IMPORTED_LOCATION_${config})
      string(REGEX REPLACE "\\.so(\\.[0-9.]+)?$" ".a" archive "${shared}")
      if(shared AND EXISTS "${archive}")
        set_target_properties(${target} PROPERTIES IMPORTED_LOCATION_${config} "${archive}")
      endif()
    endforeach()
  endforeach()
endfunction()
