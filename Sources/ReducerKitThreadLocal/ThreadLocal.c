#include "ReducerKitThreadLocal.h"

_Thread_local void *_Nullable reducerkit_thread_local_slots[REDUCERKIT_THREAD_LOCAL_SLOTS];
