// The object that the core suites' shared precompiled header is built with
// (tests/CMakeLists.txt: mstmm_core_test_pch); it holds nothing else.
