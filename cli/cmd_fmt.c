/* cmd_fmt.c: `fencefuzz fmt`, the canonical printer on the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void
help_fmt(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz fmt FILE [--check] [-o OUT]\n"
	        "\n"
	        "Reads a TVMScript program (FILE `-` is stdin) and prints it in canonical\n"
	        "form: the spelling TVM's own printer uses for each construct (docs/tvmscript.md).\n"
	        "Reading what fmt printed gives the same IR, and printing it again gives the\n"
	        "same text.\n"
	        "\n"
	        "  --check   print nothing; exit 1 when FILE is not already canonical\n"
	        "  -o OUT    write to OUT instead of stdout\n"
	        "\n"
	        "Bad input is reported as FILE:LINE:COL: message, with exit status 2.\n");
}

static int
same_modulo_final_newlines(const char *a, size_t alen, const char *b, size_t blen)
{
	while (alen && a[alen - 1] == '\n')
		alen--;
	while (blen && b[blen - 1] == '\n')
		blen--;
	return alen == blen && memcmp(a, b, alen) == 0;
}

int
cmd_fmt(int argc, char **argv)
{
	const char *path = NULL, *out_path = NULL;
	int check = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--check"))
			check = 1;
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out_path = argv[++i];
		else if (cli_take_file("fmt", argv[i], &path))
			return 2;
	}
	if (!path)
		return cli_usage_error("fmt", "missing FILE");
	Arena *a = ar_new();
	Program *p = cli_read_program(a, path);
	if (!p) {
		ar_free(a);
		return 2;
	}
	int rc = 0;
	if (check) {
		/* Re-read the raw text to compare: the reader does not keep it. */
		StrBuf canon;
		sb_init(&canon);
		ir_print_program(&canon, p);
		size_t len;
		Diag d;
		char *raw = strcmp(path, "-") ? ir_read_text(path, &len, &d) : NULL;
		if (!strcmp(path, "-")) {
			fprintf(stderr, "fencefuzz fmt: --check needs a file, not stdin\n");
			rc = 2;
		} else if (!raw) {
			diag_print(stderr, &d);
			rc = 2;
		} else if (!same_modulo_final_newlines(canon.p, canon.len, raw, len)) {
			fprintf(stderr, "%s: not in canonical form (fencefuzz fmt %s shows it)\n", path, path);
			rc = 1;
		}
		free(raw);
		sb_free(&canon);
	} else {
		FILE *out = out_path ? fopen(out_path, "wb") : stdout;
		if (!out) {
			perror(out_path);
			rc = 2;
		} else {
			cli_print_program(out, p);
			if (out != stdout && fclose(out) != 0) {
				perror(out_path);
				rc = 2;
			}
		}
	}
	ar_free(a);
	return rc;
}
