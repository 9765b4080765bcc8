#ifndef REDUCERKIT_THREAD_LOCAL_H
#define REDUCERKIT_THREAD_LOCAL_H

// Per-thread slots for ReducerKit's synchronous frames (the dependencies of the reducer that is
// running, whether a presented child is running). A C11 thread-local is a few instructions to
// read or write; pthread_getspecific/pthread_setspecific cost several times that, on every send.

/// How many slots there are.
#define REDUCERKIT_THREAD_LOCAL_SLOTS 11

extern _Thread_local void *_Nullable reducerkit_thread_local_slots[REDUCERKIT_THREAD_LOCAL_SLOTS];

static inline void *_Nullable reducerkit_thread_local_get(int slot) {
  return reducerkit_thread_local_slots[slot];
}

static inline void reducerkit_thread_local_set(int slot, void *_Nullable value) {
  reducerkit_thread_local_slots[slot] = value;
}

// The Swift runtime's conditional retain: retains the object and returns it, unless its strong
// count already reached zero (its deinit is running or queued), then returns NULL. Part of the
// runtime's exported ABI (HeapObject.h: `HeapObject *swift_tryRetain(HeapObject *)`, C calling
// convention); declared here because Swift reaches it only through `weak` references, which
// give the object a side table that slows every later retain and release of it. See
// Sources/ReducerKit/Unsafe/README.md, "Unretained scope cache entries".
extern void *_Nullable swift_tryRetain(void *_Nonnull object);

// The Swift runtime's allocation of a box for a value of a given type: what holds the payload of
// an `indirect` enum case. Part of the runtime's exported ABI (HeapObject.h:
// `BoxPair swift_allocBox(Metadata const *type)`, Swift calling convention); the box comes back
// retained once, with the address of its uninitialized value. Used to build an indirect case
// from a test store's case pattern; see Sources/ReducerKit/Unsafe/README.md, "Enum
// construction".
typedef struct {
  void *_Nonnull object;
  void *_Nonnull value;
} reducerkit_box_pair;

__attribute__((swiftcall)) extern reducerkit_box_pair swift_allocBox(const void *_Nonnull type);

static inline reducerkit_box_pair reducerkit_alloc_box(const void *_Nonnull type) {
  return swift_allocBox(type);
}

#endif
