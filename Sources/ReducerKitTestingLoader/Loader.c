// Runs when a binary that links ReducerKitTesting is loaded, before any test starts, so that
// ReducerKit's runtime warnings become test failures even in tests that never create a TestStore.
// Swift has no module initializers; a C constructor is the toolchain-only way to get one.

extern void reducerkit_testing_install_reporter(void);

__attribute__((constructor)) static void reducerkit_testing_load(void) {
  reducerkit_testing_install_reporter();
}
