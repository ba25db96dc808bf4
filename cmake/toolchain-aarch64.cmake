# Cross build for arm64 (aarch64) on a Debian host (docs/arm64.md):
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake
# The compiler is Debian's gcc-aarch64-linux-gnu; the libraries are the arm64
# -dev packages installed beside the host's through dpkg multiarch
# (scripts/setup arm64), so headers are in /usr/include (and
# /usr/include/aarch64-linux-gnu) and libraries in /usr/lib/aarch64-linux-gnu,
# where Debian's cross gcc looks for them without a sysroot. The executables
# run through qemu-user: ctest prefixes the C tests that name a target with
# CMAKE_CROSSCOMPILING_EMULATOR, and binfmt_misc (qemu-user-static) runs the
# ones the shell tests start.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# pkg-config sees only the arm64 .pc files (and the architecture-free ones).
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")

# Programs (clang, bpftool, the shells) are the host's; libraries and headers
# the target's, found by their multiarch paths above.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)

find_program(ALGBENCH_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64)
if(ALGBENCH_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${ALGBENCH_QEMU_AARCH64})
endif()
