#include <stdint.h>
#include <dlfcn.h>
typedef void* (*ev_cb)(void*, const char*, void*);
typedef int (*pr_cb)(void*, const char*, ...);
typedef void* (*old_fn)(void*, void*, ev_cb, void*, pr_cb, void*, const char*);
void* decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char* buffer, uintptr_t length,
    ev_cb e, void* es, pr_cb p, void* ps, const char* options, int newline) {
  static old_fn f;
  if (!f) { void* h = dlopen("/usr/lib/x86_64-linux-gnu/libhsdis.so.0", RTLD_NOW); if (!h) return 0; f = (old_fn)dlsym(h, "decode_instructions"); }
  return f((void*)buffer, (void*)(buffer + length), e, es, p, ps, options);
}
