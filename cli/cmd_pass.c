/* cmd_pass.c: `fencefuzz pass` and `fencefuzz models`. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "options.h"

typedef struct PassArgs {
	const char *model, *out_path;
} PassArgs;

static const CliOpt pass_opts[] = {
	CLI_OPT("model", 0, CLI_STRING, offsetof(PassArgs, model), "M",
	        "the model to run; see fencefuzz models", .def = PASS_DEFAULT_MODEL),
	CLI_OPT(NULL, 'o', CLI_STRING, offsetof(PassArgs, out_path), "OUT",
	        "write to OUT instead of stdout"),
	CLI_END,
};

static const CliOpt no_opts[] = {CLI_END};

/* How much of the printed program is held before it is written: a big
 * program's text is never all in memory (unless the output cannot be written
 * over, a pipe or a file open for appending: then a function is held whole,
 * see ir_print_program_file). */
enum { PASS_CHUNK = 256 << 10 };

void
help_pass(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz pass FILE [--model M] [-o OUT]\n"
	        "\n"
	        "Runs one pass model on every function of FILE (`-` is stdin) and prints the\n"
	        "transformed program in canonical TVMScript.\n"
	        "\n");
	cli_print_options(out, pass_opts);
	fprintf(out,
	        "\n"
	        "A TileLang model runs only on programs whose every call its version has\n"
	        "(core/vocab.def): tilelang-9f25954 and tilelang-legacy have no\n"
	        "tma_load_multicast or ptx_wgmma_sp_ss, tilelang-head no tl_gemm.  Otherwise\n"
	        "`pass` prints FILE:LINE:COL: why, at the first such call, and exits 2.\n"
	        "\n"
	        "External models: --model 'ext:COMMAND' runs COMMAND with /bin/sh -c once per\n"
	        "program, the canonical TVMScript of the whole program on its stdin, and reads\n"
	        "the transformed program from its stdout (e.g. a script calling the real\n"
	        "TileLang pass).  Every command that takes --model takes it.  The command is\n"
	        "killed (its whole process group) after $FENCEFUZZ_EXT_TIMEOUT seconds\n"
	        "(default 10).  It fails when it exits non-zero or is killed by a signal\n"
	        "(model-crash), times out (model-timeout), or prints something that does not\n"
	        "read as a program with the input's number of functions (model-unreadable):\n"
	        "`pass` then prints why (with the first lines of its stderr) and exits 2;\n"
	        "`check` reports it as a finding of that kind.\n"
	        "\n"
	        "Persistent external models: --model 'ext-server:COMMAND' starts COMMAND once\n"
	        "per process (one per campaign worker) and sends it every program over a\n"
	        "framed protocol on its stdin/stdout; it starts with a handshake naming the\n"
	        "pass and its version (a campaign records it).  Timeouts: $FENCEFUZZ_EXT_TIMEOUT\n"
	        "per program, $FENCEFUZZ_EXT_START_TIMEOUT (default 120 s) for the handshake.\n"
	        "A crash, a hang or a framing violation (model-crash, model-timeout,\n"
	        "model-unreadable) restarts it; a refusal is model-rejected, a failing pass\n"
	        "model-crash.  'NAME=ext-server:COMMAND' (or NAME=ext:COMMAND) names the model.\n"
	        "Protocol, example server and the TileLang adapter: docs/external-models.md.\n");
}

int
cmd_pass(int argc, char **argv)
{
	PassArgs pa = {0};
	CliArgs args;
	const char *path = NULL;
	if (cli_parse("pass", pass_opts, &pa, argc, argv, &args) ||
	    cli_one_operand("pass", &args, "FILE", &path))
		return 2;
	const char *model = pa.model, *out_path = pa.out_path;
	const PassModel *m = cli_find_model("pass", model);
	if (!m)
		return 2;
	Arena *a = ar_new();
	Program *p = cli_read_program(a, path); /* the text is freed: the output goes out in chunks */
	if (!p) {
		ar_free(a);
		return 2;
	}
	StrBuf text; /* the output, PASS_CHUNK bytes at a time */
	sb_init(&text);
	PassError err;
	Program *q = pass_run_ex(m, p, &err);
	if (!q && err.kind == PASS_ERR_REJECTED) {
		fprintf(stderr, "%s:%d:%d: %s\n", path, err.loc.line, err.loc.col, err.msg);
		sb_free(&text);
		ar_free(a);
		return 2;
	}
	if (!q) {
		fprintf(stderr, "fencefuzz pass: model %s failed: %s\n", m->name, err.msg);
		sb_free(&text);
		ar_free(a);
		return 2;
	}
	int rc = 0;
	FILE *out = out_path ? fopen(out_path, "wb") : stdout;
	if (!out) {
		perror(out_path);
		rc = 2;
	} else {
		int bad = ir_print_program_file(out, q, &text, PASS_CHUNK) || fputc('\n', out) == EOF;
		if ((out != stdout && fclose(out) != 0) || bad) {
			perror(out_path ? out_path : "fencefuzz pass: stdout");
			rc = 2;
		}
	}
	sb_free(&text);
	ar_free(a);
	return rc;
}

void
help_models(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz models\n"
	        "\n"
	        "Lists the built-in pass models, one per line: name and what it reproduces.\n"
	        "The default model is marked with *.\n"
	        "\n"
	        "Then lists the mutants: deliberately broken variants of tilelang-9f25954, one\n"
	        "fault each, named mutant:NAME, with what is broken.  They are the measuring\n"
	        "stick for the oracles and fuzzers; any command that takes --model takes them\n"
	        "(fencefuzz pass FILE --model mutant:no-if-union).\n");
}

int
cmd_models(int argc, char **argv)
{
	CliArgs args;
	if (cli_parse("models", no_opts, NULL, argc, argv, &args))
		return 2;
	if (args.n > 0)
		return cli_usage_error("models", "unexpected argument '%s'", args.operands[0]);
	int n;
	const PassModel *const *all = pass_models(&n);
	for (int i = 0; i < n; i++)
		printf("%c %-18s %s\n", strcmp(all[i]->name, PASS_DEFAULT_MODEL) ? ' ' : '*',
		       all[i]->name, all[i]->summary);
	const PassModel *const *mut = pass_mutants(&n);
	printf("\nmutants (deliberately broken tilelang-9f25954, for measuring oracles and fuzzers):\n");
	for (int i = 0; i < n; i++)
		printf("  %-34s %s\n", mut[i]->name, mut[i]->summary);
	return 0;
}
