# SPDX-License-Identifier: GPL-2.0-or-later
# What `cmake --install` lays out (GNUInstallDirs; the Debian package in
# debian/ is this same install split in two, see docs/install.md):
#
#   bin/algbench                        the CLI
#   bin/algbench-bench ...              the scripts a host runs (HOST_SCRIPTS)
#   lib/algbench/scripts/               those scripts and scripts/lib.sh, as in
#                                       the checkout; bin/ has wrappers that exec them
#   share/man/man1/                     algbench(1), algbench-COMMAND(1) per
#                                       command, one page per host script:
#                                       help2man from their own --help at build time
#                                       (the scripts' as installed), with dist/man/'s
#                                       EXAMPLES and FILES
#   share/bash-completion/completions/  one file, asking the programs'
#                                       --list-options at completion time
#   share/doc/algbench/                 README, docs/, LICENSE
#   src/algbench-VERSION/               kmod/ and its dkms.conf (component dkms)
#
# The scripts kept in the checkout only (peers, setup, test, vm/, kernel/,
# kmod/, smp-scaling, fetch-debian-kernels) build the tree or boot its VM;
# installed, there is no tree and no VM. bench is installed: without a tree
# it takes the host path with the installed algbench and refuses the VM.
include(GNUInstallDirs)

# Private, architecture-independent files: /usr/lib/PACKAGE, as Debian does
# for scripts a package calls (not the multiarch libdir).
set(ALGBENCH_INSTALL_PKGLIBDIR "lib/algbench" CACHE STRING "where the host scripts go, under the prefix")
set(ALGBENCH_INSTALL_DKMSDIR "src" CACHE STRING "where kmod/'s DKMS source tree goes, under the prefix (DKMS reads /usr/src)")
set(pkglib ${ALGBENCH_INSTALL_PKGLIBDIR})
if(IS_ABSOLUTE ${pkglib})
  set(pkglib_full ${pkglib})
else()
  set(pkglib_full ${CMAKE_INSTALL_PREFIX}/${pkglib})
endif()

install(TARGETS algbench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The scripts a user runs on a host (a real server booted into the kernel
# under test), each in bin/ as algbench-NAME.
set(ALGBENCH_HOST_SCRIPTS bench ab-hardware ab-stats ab-report contention-control)
set(wrappers "")
file(RELATIVE_PATH ALGBENCH_PKGLIB_FROM_BIN ${CMAKE_INSTALL_FULL_BINDIR} ${pkglib_full})
foreach(s ${ALGBENCH_HOST_SCRIPTS})
  install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/${s} DESTINATION ${pkglib}/scripts)
  # A wrapper, not a symlink: lib.sh finds the tree from the script's own path.
  set(ALGBENCH_SCRIPT ${s})
  configure_file(${PROJECT_SOURCE_DIR}/dist/wrapper.in ${CMAKE_BINARY_DIR}/dist/algbench-${s} @ONLY)
  list(APPEND wrappers ${CMAKE_BINARY_DIR}/dist/algbench-${s})
endforeach()
install(PROGRAMS ${wrappers} DESTINATION ${CMAKE_INSTALL_BINDIR})
# lib.sh, and the installed binary's path for it (no build/ there), relative
# to the scripts' folder so that --prefix and DESTDIR move both together
file(RELATIVE_PATH ALGBENCH_BIN_FROM_PKGLIB ${pkglib_full} ${CMAKE_INSTALL_FULL_BINDIR})
configure_file(${PROJECT_SOURCE_DIR}/dist/install-paths.sh.in ${CMAKE_BINARY_DIR}/dist/install-paths.sh @ONLY)
install(FILES ${PROJECT_SOURCE_DIR}/scripts/lib.sh ${PROJECT_SOURCE_DIR}/scripts/bisect.sh ${CMAKE_BINARY_DIR}/dist/install-paths.sh
  DESTINATION ${pkglib}/scripts)

# Man pages from the real --help (help2man), regenerated whenever the binary
# or a script changes, so they cannot drift from it.
option(ALGBENCH_MAN "Generate man pages with help2man" ON)
if(ALGBENCH_MAN)
  find_program(ALGBENCH_HELP2MAN help2man)
  if(ALGBENCH_HELP2MAN)
    set(man_dir ${CMAKE_BINARY_DIR}/man)
    file(GLOB man_sections CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/dist/man/*.h2m)
    set(man_scripts "")
    foreach(s ${ALGBENCH_HOST_SCRIPTS})
      list(APPEND man_scripts ${PROJECT_SOURCE_DIR}/scripts/${s})
    endforeach()
    add_custom_command(OUTPUT ${man_dir}/algbench.1
      COMMAND ${PROJECT_SOURCE_DIR}/dist/man.sh $<TARGET_FILE:algbench> ${PROJECT_VERSION} ${man_dir} ${man_scripts}
      DEPENDS algbench ${PROJECT_SOURCE_DIR}/dist/man.sh ${man_scripts} ${man_sections}
        ${PROJECT_SOURCE_DIR}/scripts/lib.sh ${PROJECT_SOURCE_DIR}/scripts/bisect.sh
      COMMENT "help2man: algbench(1) and a page per command and host script"
      VERBATIM)
    add_custom_target(man ALL DEPENDS ${man_dir}/algbench.1)
    install(DIRECTORY ${man_dir}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 FILES_MATCHING PATTERN "*.1")
  else()
    message(WARNING "help2man not found: no man pages (scripts/setup installs it, or pass -DALGBENCH_MAN=OFF)")
  endif()
endif()

# bash completion: one file, installed under each command's name (bash-completion
# loads a command's completion by its name).
foreach(name algbench ${wrappers})
  get_filename_component(name ${name} NAME)
  install(FILES ${PROJECT_SOURCE_DIR}/dist/bash-completion/algbench
    DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME ${name})
endforeach()

install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

# DKMS: kmod/ as a source tree with its dkms.conf, which DKMS builds for every
# installed kernel with headers (kmod/dkms.conf.in says how).
file(GLOB dkms_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/kmod/*.c ${PROJECT_SOURCE_DIR}/kmod/*.h)
configure_file(${PROJECT_SOURCE_DIR}/kmod/dkms.conf.in ${CMAKE_BINARY_DIR}/dist/dkms.conf @ONLY)
install(FILES ${PROJECT_SOURCE_DIR}/kmod/Kbuild ${dkms_sources} ${CMAKE_BINARY_DIR}/dist/dkms.conf
  DESTINATION ${ALGBENCH_INSTALL_DKMSDIR}/algbench-${PROJECT_VERSION} COMPONENT dkms)
