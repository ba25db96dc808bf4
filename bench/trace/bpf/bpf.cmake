# The BPF engine of algbench trace (docs/trace.md), included by
# bench/CMakeLists.txt: clang -target bpf compiles crypto_counts.bpf.c (with
# BTF, for CO-RE), `bpftool gen skeleton` embeds the object in a header, and
# libbpf.a and libelf.a link statically, so a host or VM guest needs nothing
# beyond what algbench already needs; zlib, which algbench already links as a
# shared library, stays shared (a static copy would be an embedded zlib: a
# lintian error for the package, and a second copy for security updates). Sets
# ALGBENCH_TRACE_BPF_SOURCES (empty when the engine is left out) and
# ALGBENCH_TRACE_BPF_LIBS.
# A cross build leaves it out by default: the object is compiled for the
# target's pt_regs (__TARGET_ARCH_arm64), so it means something only on an
# arm64 kernel, and the cross build's tests run under qemu-user on this host's
# (x86) kernel, which would load it; ALGBENCH_BPF=ON still builds it (with the
# target's libbpf-dev and libelf-dev) for a guest or a real arm64 host.
if(CMAKE_CROSSCOMPILING)
  set(bpf_default OFF)
else()
  set(bpf_default AUTO)
endif()
set(ALGBENCH_BPF ${bpf_default} CACHE STRING
  "the BPF engine of algbench trace: AUTO (when libbpf.a, libelf.a, libz.a, clang and bpftool are found), ON, OFF")
set(ALGBENCH_TRACE_BPF_SOURCES "")
set(ALGBENCH_TRACE_BPF_LIBS "")
if(NOT ALGBENCH_BPF STREQUAL "OFF")
  find_path(LIBBPF_INCLUDE bpf/libbpf.h)
  find_library(LIBBPF_STATIC NAMES libbpf.a)
  find_library(LIBELF_STATIC NAMES libelf.a)
  find_library(LIBZ_STATIC NAMES libz.a)
  find_program(BPF_CLANG NAMES clang clang-14)
  find_program(BPFTOOL NAMES bpftool PATHS /usr/sbin /sbin)
  set(missing "")
  foreach(v LIBBPF_INCLUDE LIBBPF_STATIC LIBELF_STATIC LIBZ_STATIC BPF_CLANG BPFTOOL)
    if(NOT ${v})
      string(APPEND missing " ${v}")
    endif()
  endforeach()
  if(missing)
    if(ALGBENCH_BPF STREQUAL "ON")
      message(FATAL_ERROR "ALGBENCH_BPF=ON but not found:${missing} (scripts/setup installs libbpf-dev, libelf-dev, zlib1g-dev, clang, bpftool)")
    endif()
    message(STATUS "algbench trace: BPF engine left out, not found:${missing} (scripts/setup installs them)")
  else()
    if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|amd64")
      set(bpf_arch x86)
    elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64")
      set(bpf_arch arm64)
    else()
      set(bpf_arch ${CMAKE_SYSTEM_PROCESSOR})
    endif()
    set(bpf_src ${CMAKE_CURRENT_SOURCE_DIR}/trace/bpf)
    set(bpf_out ${CMAKE_CURRENT_BINARY_DIR}/trace/bpf)
    file(MAKE_DIRECTORY ${bpf_out})
    # -ffile-prefix-map: the object, DWARF and BTF line info included, is
    # embedded in the binary, so it names no build folder (a package then
    # builds byte for byte the same from any path; dpkg maps C's the same way).
    add_custom_command(OUTPUT ${bpf_out}/crypto_counts.bpf.o
      COMMAND ${BPF_CLANG} -g -O2 -Wall -Werror -target bpf -D__TARGET_ARCH_${bpf_arch}
        -ffile-prefix-map=${PROJECT_SOURCE_DIR}=.
        -I${LIBBPF_INCLUDE} -I/usr/include/${CMAKE_LIBRARY_ARCHITECTURE} -I${bpf_src}
        -c ${bpf_src}/crypto_counts.bpf.c -o ${bpf_out}/crypto_counts.bpf.o
      DEPENDS ${bpf_src}/crypto_counts.bpf.c ${bpf_src}/crypto_core.h ${bpf_src}/counts.h
        ${bpf_src}/probe_table.h
      COMMENT "BPF: crypto_counts.bpf.o")
    add_custom_command(OUTPUT ${bpf_out}/crypto_counts.skel.h
      COMMAND ${BPFTOOL} gen skeleton ${bpf_out}/crypto_counts.bpf.o name crypto_counts
        > ${bpf_out}/crypto_counts.skel.h
      DEPENDS ${bpf_out}/crypto_counts.bpf.o
      COMMENT "BPF: crypto_counts.skel.h (the object, embedded)")
    add_custom_target(algbench_trace_bpf_skel DEPENDS ${bpf_out}/crypto_counts.skel.h)
    set(ALGBENCH_TRACE_BPF_SOURCES trace/bpf_engine.c ${bpf_out}/crypto_counts.skel.h)
    set(ALGBENCH_TRACE_BPF_LIBS ${LIBBPF_STATIC} ${LIBELF_STATIC} PkgConfig::ZLIB)
    message(STATUS "algbench trace: BPF engine built in (${LIBBPF_STATIC}, ${BPFTOOL})")
  endif()
endif()
