/* lower.h: lowering a fencefuzz program to a self-contained CUDA kernel for
 * SM90 (docs/hw-races.md), and running it (runner.c).
 *
 * The lowering needs no CUDA to build: it prints text.  The kernel it prints
 * checks itself: every shared buffer has a generic-proxy shadow that receives
 * the same tagged values by st.shared; every async read (bulk / tensor-map
 * TMA store, wgmma operand) is compared with what the shadow held at that
 * moment, every generic read with the shadow, so the expected value of each
 * async read is the value the program's generic-proxy semantics gives, and a
 * difference is a proxy race (or, where the program itself leaves threads
 * unordered, a plain race: see docs/hw-races.md). */
#ifndef FENCEFUZZ_CUDA_LOWER_H
#define FENCEFUZZ_CUDA_LOWER_H

#include <stdint.h>

#include "ir.h"

enum {
	CU_MAX_PARAMS = 16,  /* FF_MAX_PARAMS in the prelude */
	CU_MAX_REGIONS = 20, /* lowered shared buffers (8 KiB each with the shadow) */
	CU_BUFW = 1024,      /* FF_BUFW */
	CU_SLOTS = 64        /* FF_SLOTS */
};

typedef struct LowerOptions {
	int barriers;  /* 1: a CTA barrier before and after every converged statement
	                * that issues async work (ThreadSync's place); 0: only the
	                * program's own tvm_storage_sync */
	int handshake; /* 0 auto: commit+wait.read after each async store unless the
	                * program has its own tma_store_arrive/wait; 1: the program's only */
	int fence_all; /* 1: a fence.proxy.async right before every async op (the
	                * fenced control of a confirmation: what still mismatches
	                * then is no proxy race) */
} LowerOptions;

typedef struct LowerInfo {
	int nthreads;          /* program threads per block (a multiple of 32) */
	int nregions;          /* lowered shared buffers */
	int smem_bytes;        /* dynamic shared memory */
	int nparams;
	const char *params[CU_MAX_PARAMS]; /* integer parameters, in FFParams.iparam order */
	int n_async_store, n_async_load, n_wgmma, n_fence, n_generic_write, n_generic_read;
	int nunsupported;      /* constructs lowered conservatively (listed in the header) */
	/* What did not run as itself.  confirm runs a case with stand-ins only
	 * with --stand-ins (outcome reproduced-with-stand-in), one with an op SM90
	 * lacks never without it (unsupported-on-sm90), a refused one never. */
	int n_standin;         /* ops lowered as another instruction (a stand-in) */
	char standin[256];     /* what, "; "-separated (the first few) */
	char sm90_missing[128]; /* an op SM90 does not have (tcgen05.*, block-scaled MMA), or "" */
	char refused[256];     /* synchronization the lowering cannot run as written, or "" */
	int program_sync;      /* the program's mbarriers run as written */
	int n_atomic, n_cp_async, n_sparse, n_partition; /* real ops of these kinds, thread partitions */
	int n_im2col;          /* im2col loads: the runner encodes an im2col tensor map */
	int cluster;           /* CTAs per cluster (2 with multicast loads: a cluster launch), else 1 */
} LowerInfo;

extern const char cu_prelude[];

void cu_lower_defaults(LowerOptions *o);
/* Lowers the first function of p.  With ns == NULL the text is a whole
 * translation unit (prelude + extern "C" ff_kernel); otherwise only the
 * kernel, inside `namespace ns { }`, for a bundle that printed the prelude
 * once.  Returns 0, or -1 with err filled. */
int cu_lower(const Program *p, const LowerOptions *o, const char *ns, StrBuf *out,
             LowerInfo *info, char *err, size_t errlen);

/* runner.c */
enum { CU_STRESS_ALTERNATE = 2 };

typedef struct RunOptions {
	int blocks;           /* CTAs per launch */
	int reps;             /* program repetitions inside one launch */
	long trials;          /* stop once this many checked events were seen (launches continue to >= 1) */
	int max_launches;
	int streams;          /* concurrent launches per round */
	int timeout_s;        /* a launch round that runs longer is a deadlock: cu_run fails, res->hung */
	int stress_smem;      /* 0 none, 1 stress warps in every launch, CU_STRESS_ALTERNATE every other round */
	int stress_delay, stress_dram;
	int builds;           /* 1: the kernel as lowered; 2 (default): also with its loops unrolled by 4 */
	int64_t param_value[CU_MAX_PARAMS];
	int param_set[CU_MAX_PARAMS]; /* 0: swept over 1, 2, 0, 3 by launch */
} RunOptions;

typedef struct RunResult {
	char device[128], driver[64];
	long launches;
	long copies, bad_copies;       /* async stores checked against the shadow */
	long wgmma, bad_wgmma;         /* wgmma thread-fragments checked */
	long reads, bad_reads;         /* generic reads checked */
	long loads, bad_loads;         /* completed async loads: buffer checked against the shadow */
	long issued, timeouts;          /* async ops issued; mbarrier waits given up */
	int hung;                       /* a launch did not finish: exit the process */
	long trials, mismatches;       /* sums of the four kinds */
	long smem_trials[2], smem_mismatches[2]; /* the same split by stress warps off [0] / on [1] */
	long build_trials[2], build_mismatches[2]; /* and by build (0 as lowered, 1 loops unrolled by 4) */
	double seconds;
} RunResult;

void cu_run_defaults(RunOptions *r);
/* The plan of a run: which stress-warp setting and which build launch round
 * `round` uses, and how many rounds must run before it may stop (every
 * (stress, build) pair once). */
void cu_round_plan(const RunOptions *r, long round, int *smem, int *build);
long cu_rounds_needed(const RunOptions *r);
int cu_runner_available(void);    /* built with the CUDA headers */
/* Compiles src with NVRTC (sm_90a), loads it, launches and checks.  0 ok;
 * -1 with err filled (no driver, no device, a CUDA error, a compile error). */
int cu_run(const char *src, const LowerInfo *info, const RunOptions *r, RunResult *res,
           char *err, size_t errlen);

#endif
