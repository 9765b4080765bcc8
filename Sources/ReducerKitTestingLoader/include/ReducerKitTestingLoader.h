#ifndef REDUCERKIT_TESTING_LOADER_H
#define REDUCERKIT_TESTING_LOADER_H

// Intentionally empty: this target only contributes a load-time constructor (see Loader.c).

#endif
