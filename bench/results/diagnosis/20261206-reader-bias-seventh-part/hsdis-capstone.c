#include <stdint.h>
#include <stdio.h>
#include <capstone/capstone.h>
typedef void* (*ev_fn)(void*, const char*, void*);
typedef int (*pr_fn)(void*, const char*, ...);
void* decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char* buffer, uintptr_t length,
    ev_fn ev, void* evs, pr_fn pr, void* prs, const char* options, int newline) {
  csh h; cs_insn* insn;
  if (cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK) return NULL;
  size_t n = cs_disasm(h, buffer, length, start_va, 0, &insn);
  for (size_t i = 0; i < n; i++) {
    ev(evs, "insn", (void*)(uintptr_t)insn[i].address);
    pr(prs, "%-8s %s", insn[i].mnemonic, insn[i].op_str);
    ev(evs, "/insn", (void*)(uintptr_t)(insn[i].address + insn[i].size));
    if (newline) pr(prs, "\n");
  }
  if (n > 0) cs_free(insn, n);
  cs_close(&h);
  return (void*)end_va;
}
