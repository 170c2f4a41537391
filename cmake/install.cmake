# What `cmake --install BUILD [--prefix P]` puts where, after GNUInstallDirs:
#
#   P/bin/brickwood                                     the program
#   P/share/man/man1/brickwood.1, man5/brickwood.conf.5 the manual pages
#   P/share/doc/brickwood/examples/brickwood.conf       the example configuration
#   P/lib/systemd/system/brickwood.service              the systemd unit, ExecStart= set to P/bin
#
# The example goes to the documentation's examples folder, as Debian does for packages: a file
# under /etc is the administrator's, and `cmake --install` (which has no notion of conffiles)
# would overwrite their edits on every upgrade; the bot also cannot run on the example as it is
# (it names no real network). The first-run message names the example to copy to
# /etc/brickwood/brickwood.conf, where the unit reads it.
#
# lib/systemd/system under the prefix is where systemd looks for units both for /usr
# (/usr/lib/systemd/system) and for /usr/local (/usr/local/lib/systemd/system); BW_UNITDIR
# changes it (relative to the prefix, or absolute).
include(GNUInstallDirs)

set(BW_UNITDIR "lib/systemd/system" CACHE STRING "Where the systemd unit goes (relative to the prefix)")

if(TARGET brickwood)
  # The first-run message names the installed example: found beside the binary when both
  # folders are relative to the prefix (so an install under another --prefix names its own
  # copy), else at the configured place; a binary run from its build folder names the source's.
  target_compile_definitions(brickwood PRIVATE
    BW_EXAMPLE_CONF="${CMAKE_INSTALL_FULL_DOCDIR}/examples/brickwood.conf"
    BW_SOURCE_EXAMPLE_CONF="${CMAKE_SOURCE_DIR}/config/brickwood.conf")
  if(NOT IS_ABSOLUTE "${CMAKE_INSTALL_BINDIR}" AND NOT IS_ABSOLUTE "${CMAKE_INSTALL_DOCDIR}")
    target_compile_definitions(brickwood PRIVATE
      BW_INSTALL_BINDIR_REL="${CMAKE_INSTALL_BINDIR}"
      BW_EXAMPLE_CONF_REL="${CMAKE_INSTALL_DOCDIR}/examples/brickwood.conf")
  endif()
  install(TARGETS brickwood RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

install(FILES ${CMAKE_SOURCE_DIR}/man/brickwood.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CMAKE_SOURCE_DIR}/man/brickwood.conf.5 DESTINATION ${CMAKE_INSTALL_MANDIR}/man5)
install(FILES ${CMAKE_SOURCE_DIR}/config/brickwood.conf
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)

# The unit names /usr/bin/brickwood; the installed copy names the binary under the prefix given
# at install time (--prefix), which is only known then. DESTDIR (for packaging) is not part of
# the path the unit names.
install(CODE "
  set(bw_bindir \"${CMAKE_INSTALL_BINDIR}\")
  if(NOT IS_ABSOLUTE \"\${bw_bindir}\")
    set(bw_bindir \"\${CMAKE_INSTALL_PREFIX}/\${bw_bindir}\")
  endif()
  set(bw_unitdir \"${BW_UNITDIR}\")
  if(NOT IS_ABSOLUTE \"\${bw_unitdir}\")
    set(bw_unitdir \"\${CMAKE_INSTALL_PREFIX}/\${bw_unitdir}\")
  endif()
  set(bw_unit \"\$ENV{DESTDIR}\${bw_unitdir}/brickwood.service\")
  file(READ \"${CMAKE_SOURCE_DIR}/contrib/brickwood.service\" bw_text)
  string(REPLACE \"ExecStart=/usr/bin/brickwood \" \"ExecStart=\${bw_bindir}/brickwood \"
         bw_text \"\${bw_text}\")
  message(STATUS \"Installing: \${bw_unit}\")
  file(MAKE_DIRECTORY \"\$ENV{DESTDIR}\${bw_unitdir}\")
  file(WRITE \"\${bw_unit}\" \"\${bw_text}\")
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${bw_unitdir}/brickwood.service\")
")
