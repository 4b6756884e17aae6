/* print.h: printer entries beyond ir.h's (print.c). */
#ifndef FENCEFUZZ_PRINT_H
#define FENCEFUZZ_PRINT_H

#include "ir.h"

/* The first line ir_print_stmt(sb, s, 0) prints, appended to sb: the line
 * of an alias anchored at s, or s's head (a loop's merged with the loops
 * nested straight in it, as T.grid), printed without printing s's bodies
 * (an if with an else is looked at whole, a sequence printed whole). */
void ir_print_stmt_head(StrBuf *sb, const Stmt *s);

#endif
