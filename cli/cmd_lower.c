/* cmd_lower.c: `fencefuzz lower` (docs/hw-races.md): a program, before or after a
 * model, as a self-contained CUDA kernel for SM90. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lower.h"

/* The index of each name is the LowerOptions value. */
const char *const cli_barriers_choices[] = {"none", "auto", NULL};
const char *const cli_handshake_choices[] = {"auto", "program", NULL};

typedef struct LowerArgs {
	const char *model, *out_path;
	int bundle;
	LowerOptions lo;
} LowerArgs;

static const CliOpt lower_opts[] = {
	CLI_OPT("model", 0, CLI_STRING, offsetof(LowerArgs, model), "M",
	        "lower the output of model M instead of FILE itself"),
	CLI_OPT(NULL, 'o', CLI_STRING, offsetof(LowerArgs, out_path), "OUT",
	        "write to OUT instead of stdout"),
	CLI_LOWER_OPTS(LowerArgs, lo),
	CLI_OPT("bundle", 0, CLI_FLAG, offsetof(LowerArgs, bundle), NULL,
	        "lower every FILE into one translation unit, each kernel in\n"
	        "its own namespace (for compile checks)", .set = 1),
	CLI_END,
};

void
help_lower(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz lower FILE [--model M] [-o OUT] [--barriers auto|none]\n"
	        "                            [--handshake auto|program]\n"
	        "       fencefuzz lower --bundle FILE... [-o OUT]\n"
	        "\n"
	        "Prints a CUDA translation unit that runs the first function of FILE on an SM90\n"
	        "GPU (compile with nvcc -gencode=arch=compute_90a,code=sm_90a, or let\n"
	        "`fencefuzz confirm` compile it with NVRTC).  Every shared buffer becomes a\n"
	        "4 KiB region of shared memory with a generic-proxy shadow.  Every op SM90 has\n"
	        "runs as its own instruction: st.shared, atom/red.shared, cp.async with its\n"
	        "groups, stmatrix, ldmatrix, cp.async.bulk[.tensor] loads and stores (im2col\n"
	        "through an im2col tensor map, multicast in a cluster launch, reduce-add\n"
	        "stores), wgmma (ss, rs, sparse .sp) m64n8k16 / m64n8k32 f16 from shared\n"
	        "memory, fence.proxy.async.  The program's mbarriers (init, arrive, expect_tx,\n"
	        "try_wait.parity), shuffle_elect, tvm_storage_sync, named barriers and\n"
	        "`if tx >= N` thread partitions run as written.  The kernel compares each\n"
	        "async read with the shadow.  Its header lists the synchronization it runs,\n"
	        "what is lowered conservatively, stand-ins (ops run as another instruction:\n"
	        "confirm runs them only with --stand-ins), ops SM90 lacks, and what confirm\n"
	        "refuses to run.  docs/hw-races.md has the details.\n"
	        "\n"
	        "\n");
	cli_print_options(out, lower_opts);
}

int
cmd_lower(int argc, char **argv)
{
	LowerArgs la = {0};
	cu_lower_defaults(&la.lo);
	CliArgs args;
	if (cli_parse("lower", lower_opts, &la, argc, argv, &args))
		return 2;
	const char *model = la.model, *out_path = la.out_path;
	int bundle = la.bundle, nfiles = args.n;
	LowerOptions lo = la.lo;
	char **files = args.operands;
	if (!nfiles)
		return cli_usage_error("lower", "missing FILE");
	if (nfiles > 1 && !bundle)
		return cli_usage_error("lower", "several FILEs need --bundle");
	const PassModel *m = NULL;
	if (model && !(m = cli_find_model("lower", model)))
		return 2;
	StrBuf sb;
	sb_init(&sb);
	if (bundle)
		sb_puts(&sb, cu_prelude);
	int rc = 0;
	for (int k = 0; k < nfiles && rc == 0; k++) {
		Arena *a = ar_new();
		Program *p = cli_read_program(a, files[k]);
		if (!p) {
			rc = 2;
		} else {
			if (m) {
				PassError err;
				Program *q = pass_run_ex(m, p, &err);
				if (!q) {
					fprintf(stderr, "fencefuzz lower: model %s failed on %s: %s\n", m->name, files[k], err.msg);
					rc = 2;
				}
				p = q;
			}
			if (p) {
				char ns[32], err[256];
				snprintf(ns, sizeof ns, "ff_p%d", k);
				LowerInfo info;
				if (bundle)
					sb_printf(&sb, "// ---- %s\n", files[k]);
				if (cu_lower(p, &lo, bundle ? ns : NULL, &sb, &info, err, sizeof err)) {
					fprintf(stderr, "%s: %s\n", files[k], err);
					rc = 2;
				}
			}
		}
		ar_free(a);
	}
	if (rc == 0) {
		FILE *out = out_path ? fopen(out_path, "wb") : stdout;
		if (!out) {
			perror(out_path);
			rc = 2;
		} else {
			fwrite(sb.p ? sb.p : "", 1, sb.len, out);
			if (out != stdout && fclose(out) != 0) {
				perror(out_path);
				rc = 2;
			}
		}
	}
	sb_free(&sb);
	return rc;
}
