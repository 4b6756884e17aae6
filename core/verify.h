/* verify.h: the verifier's check of a pass's output against its input
 * (ir_verify_program, the full check, is declared in ir.h). */
#ifndef FENCEFUZZ_VERIFY_H
#define FENCEFUZZ_VERIFY_H

#include "ir.h"

/* Called on each statement subtree of a pass's output that the pass built
 * anew (no node of its input), outermost first. */
typedef void (*IrFreshFn)(const Stmt *s, void *ctx);

/* Checks out, the output of a pass on in, assuming that in passes
 * ir_verify_program: reads only what the pass changed.  out's functions
 * pair with in's by index; a function's header must be its input's, and
 * its body is walked along the input's: a subtree that is the input's own
 * node, at the place the input has it (the enclosing statements define
 * what the input's do), passed there and is skipped; a rebuilt statement
 * whose own fields are its input's (but for bodies, and a loop's step and
 * annotations dropped) is checked through its bodies; a sequence's items
 * are matched to the input's in order (a pass inserts and drops items);
 * any other statement is new and is checked on its own, under no
 * definitions (a fence: no variables), and given to fresh (may be NULL).
 * Returns 0 when out passes ir_verify_program then; 1 when this check
 * cannot tell (a new statement that uses a definition, a changed header,
 * a missing part), and the caller asks ir_verify_program (fresh has then
 * not seen every new statement). */
int ir_verify_output(const Program *in, const Program *out, IrFreshFn fresh, void *ctx);

#endif
