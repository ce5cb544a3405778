# The Debian package (scripts/package.sh: cpack -G DEB in the build folder):
# mstmm-studio_VERSION_ARCH.deb. Its dependencies on shared libraries are
# found by dpkg-shlibdeps from the programs themselves, so they name the
# runtime packages (libqt6widgets6, libvtk9.1, ...), never the -dev ones;
# what the programs load by other means is named here.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME mstmm-studio)
set(CPACK_PACKAGE_VENDOR "MSTMM Studio")
set(CPACK_PACKAGE_CONTACT "MSTMM Studio developers <mstmm-studio@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "multibody dynamics by the Riccati transfer matrix method")
set(CPACK_PACKAGE_DESCRIPTION
    "MSTMM Studio models and simulates multibody systems (pendulum chains, trees,
closed loops, free-floating systems, contact, elastic beams) with the Riccati
transfer matrix method for multibody systems. It holds the desktop
application (mstmm-studio), the command-line tool (mstmm) and the Python
module (import mstmm).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # mstmm-studio_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Loaded at run time, not linked: Qt's platform plugins (the window on X11
# or Wayland), and what the Python module imports (NumPy, for the
# interpreter it was built for).
set(mstmm_python_version ${Python_VERSION_MAJOR}.${Python_VERSION_MINOR})
math(EXPR mstmm_python_next "${Python_VERSION_MINOR} + 1")
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "qt6-qpa-plugins, python3 (>= ${mstmm_python_version}), python3 (<< ${Python_VERSION_MAJOR}.${mstmm_python_next}), python3-numpy")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "ffmpeg, shared-mime-info, desktop-file-utils, hicolor-icon-theme")
# Python writes __pycache__ next to the module when root imports it; the
# package removes what it did not ship, so removal leaves nothing behind.
configure_file(prerm.in ${CMAKE_CURRENT_BINARY_DIR}/prerm @ONLY
               FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_CURRENT_BINARY_DIR}/prerm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
