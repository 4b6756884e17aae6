/* cmd_lower.c: `fencefuzz lower` (docs/hw-races.md): a program, before or after a
 * model, as a self-contained CUDA kernel for SM90. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lower.h"

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
	        "  --model M         lower the output of model M instead of FILE itself\n"
	        "  -o OUT            write to OUT instead of stdout\n"
	        "  --barriers auto   a barrier of the scope's threads (the CTA, or a thread\n"
	        "                    partition's named barrier) before and after each converged\n"
	        "                    statement that issues async work, unless the program has\n"
	        "                    one there (where TileLang's ThreadSync / ThreadPartialSync\n"
	        "                    put theirs; default); none: only the program's barriers\n"
	        "  --handshake auto  commit + wait_group.read after each async store unless the\n"
	        "                    program has its own tma_store_arrive/wait (default);\n"
	        "                    program: only the program's\n"
	        "  --fence-all       a fence.proxy.async right before every async op (the\n"
	        "                    fenced control that confirm runs beside each case)\n"
	        "  --bundle          lower every FILE into one translation unit, each kernel in\n"
	        "                    its own namespace (for compile checks)\n");
}

int
cli_lower_options(const char *cmd, int argc, char **argv, int *i, LowerOptions *lo)
{
	const char *a = argv[*i];
	if (!strcmp(a, "--barriers") && *i + 1 < argc) {
		const char *v = argv[++*i];
		if (!strcmp(v, "auto"))
			lo->barriers = 1;
		else if (!strcmp(v, "none"))
			lo->barriers = 0;
		else
			return cli_usage_error(cmd, "--barriers takes auto or none, not '%s'", v);
		return 1;
	}
	if (!strcmp(a, "--handshake") && *i + 1 < argc) {
		const char *v = argv[++*i];
		if (!strcmp(v, "auto"))
			lo->handshake = 0;
		else if (!strcmp(v, "program"))
			lo->handshake = 1;
		else
			return cli_usage_error(cmd, "--handshake takes auto or program, not '%s'", v);
		return 1;
	}
	if (!strcmp(a, "--fence-all")) {
		lo->fence_all = 1;
		return 1;
	}
	return 0;
}

int
cmd_lower(int argc, char **argv)
{
	const char *model = NULL, *out_path = NULL;
	int bundle = 0, nfiles = 0;
	LowerOptions lo;
	cu_lower_defaults(&lo);
	char **files = calloc((size_t)argc + 1, sizeof *files);
	if (!files)
		return 2;
	for (int i = 0; i < argc; i++) {
		int r = cli_lower_options("lower", argc, argv, &i, &lo);
		if (r == 2) {
			free(files);
			return 2;
		}
		if (r)
			continue;
		if (!strcmp(argv[i], "--model") && i + 1 < argc)
			model = argv[++i];
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out_path = argv[++i];
		else if (!strcmp(argv[i], "--bundle"))
			bundle = 1;
		else if (argv[i][0] == '-' && argv[i][1]) {
			free(files);
			return cli_usage_error("lower", "unknown option '%s'", argv[i]);
		} else
			files[nfiles++] = argv[i];
	}
	if (!nfiles) {
		free(files);
		return cli_usage_error("lower", "missing FILE");
	}
	if (nfiles > 1 && !bundle) {
		free(files);
		return cli_usage_error("lower", "several FILEs need --bundle");
	}
	const PassModel *m = NULL;
	if (model && !(m = cli_find_model("lower", model))) {
		free(files);
		return 2;
	}
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
	free(files);
	return rc;
}
