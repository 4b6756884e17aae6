/* gen_print_main: prints programs SEED .. SEED+COUNT-1 of the generator at
 * SIZE statements as `fencefuzz gen --seed SEED --count COUNT --size SIZE`
 * prints them (each seed drawing its features), or with every feature on
 * (`--features all`) when the fourth argument is `all`.  tests/gen_compiler.sh
 * compiles it with a second C compiler to check that the generator's
 * programs do not depend on the compiler (the order in which it evaluates
 * a call's arguments).
 *
 *     gen_print_main SEED COUNT SIZE [all]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "gen.h"
#include "ir.h"

int
main(int argc, char **argv)
{
	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: gen_print_main SEED COUNT SIZE [all]\n");
		return 2;
	}
	uint64_t seed = strtoull(argv[1], NULL, 0), count = strtoull(argv[2], NULL, 0);
	GenOptions o = {0};
	o.size = atoi(argv[3]);
	o.features = argc == 5 ? FZ_F_ALL : 0;
	Arena *a = ar_new();
	StrBuf sb;
	sb_init(&sb);
	for (uint64_t c = 0; c < count; c++) {
		Decider d;
		dz_init_seed(&d, seed + c);
		Program *p = fz_generate(a, &d, &o);
		if (count > 1)
			printf("%s# seed %" PRIu64 "\n", c ? "\n" : "", seed + c);
		sb.len = 0;
		ir_print_program(&sb, p);
		sb_putc(&sb, '\n');
		fwrite(sb.p, 1, sb.len, stdout);
		ar_reset(a);
	}
	sb_free(&sb);
	ar_free(a);
	return 0;
}
