/* runner.c: compile a lowered kernel with NVRTC, load it with
 * cuModuleLoadData, launch it with cuLaunchKernel (Driver API), check what
 * its async reads saw (docs/hw-races.md).
 *
 * Built against the CUDA toolkit's headers (cuda.h, nvrtc.h) when CMake finds
 * them (FENCEFUZZ_HAVE_CUDA); the driver (libcuda.so.1) and NVRTC are opened
 * with dlopen at run time, so the fencefuzz binary starts, and every other
 * command works, on machines without a driver or a GPU; there cu_run fails
 * with the reason.  Without the headers cu_run says it was not built. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lower.h"

void
cu_run_defaults(RunOptions *r)
{
	memset(r, 0, sizeof *r);
	r->blocks = 264;
	r->reps = 8;
	r->trials = 100000;
	r->max_launches = 40;
	r->streams = 1;
	r->timeout_s = 30;
	r->builds = 2;
}

void
cu_round_plan(const RunOptions *r, long round, int *smem, int *build)
{
	int alt = r->stress_smem == CU_STRESS_ALTERNATE;
	/* stress every other round (the first without); the build every round,
	 * or every other pair of rounds when the stress alternates too */
	*smem = alt ? (int)(round & 1) : r->stress_smem != 0;
	*build = r->builds == 2 ? (int)((alt ? round >> 1 : round) & 1) : 0;
}

long
cu_rounds_needed(const RunOptions *r)
{
	return (r->stress_smem == CU_STRESS_ALTERNATE ? 2 : 1) * (r->builds == 2 ? 2 : 1);
}

#ifndef FENCEFUZZ_HAVE_CUDA

int
cu_runner_available(void)
{
	return 0;
}

int
cu_run(const char *src, const LowerInfo *info, const RunOptions *r, RunResult *res, char *err,
       size_t errlen)
{
	(void)src;
	(void)info;
	(void)r;
	memset(res, 0, sizeof *res);
	snprintf(err, errlen, "this fencefuzz was built without the CUDA toolkit (cuda.h, nvrtc.h not found "
	                      "at configure time): no GPU runner");
	return -1;
}

#else

#include <cuda.h>
#include <dlfcn.h>
#include <nvrtc.h>

#ifndef FENCEFUZZ_NVRTC_PATH
#define FENCEFUZZ_NVRTC_PATH ""
#endif

int
cu_runner_available(void)
{
	return 1;
}

/* The driver entry points, by their versioned symbol names. */
#define CU_FUNCS(X) \
	X(cuInit, "cuInit") \
	X(cuDriverGetVersion, "cuDriverGetVersion") \
	X(cuDeviceGetCount, "cuDeviceGetCount") \
	X(cuDeviceGet, "cuDeviceGet") \
	X(cuDeviceGetName, "cuDeviceGetName") \
	X(cuDeviceGetAttribute, "cuDeviceGetAttribute") \
	X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain") \
	X(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2") \
	X(cuCtxSetCurrent, "cuCtxSetCurrent") \
	X(cuCtxSynchronize, "cuCtxSynchronize") \
	X(cuModuleLoadData, "cuModuleLoadData") \
	X(cuModuleUnload, "cuModuleUnload") \
	X(cuModuleGetFunction, "cuModuleGetFunction") \
	X(cuFuncSetAttribute, "cuFuncSetAttribute") \
	X(cuMemAlloc, "cuMemAlloc_v2") \
	X(cuMemFree, "cuMemFree_v2") \
	X(cuMemcpyHtoD, "cuMemcpyHtoD_v2") \
	X(cuMemcpyDtoH, "cuMemcpyDtoH_v2") \
	X(cuMemsetD8Async, "cuMemsetD8Async") \
	X(cuStreamCreate, "cuStreamCreate") \
	X(cuStreamDestroy, "cuStreamDestroy_v2") \
	X(cuStreamSynchronize, "cuStreamSynchronize") \
	X(cuStreamQuery, "cuStreamQuery") \
	X(cuLaunchKernel, "cuLaunchKernel") \
	X(cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled") \
	X(cuTensorMapEncodeIm2col, "cuTensorMapEncodeIm2col") \
	X(cuLaunchKernelEx, "cuLaunchKernelEx") \
	X(cuGetErrorName, "cuGetErrorName") \
	X(cuGetErrorString, "cuGetErrorString")

#define NVRTC_FUNCS(X) \
	X(nvrtcVersion, "nvrtcVersion") \
	X(nvrtcCreateProgram, "nvrtcCreateProgram") \
	X(nvrtcCompileProgram, "nvrtcCompileProgram") \
	X(nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize") \
	X(nvrtcGetProgramLog, "nvrtcGetProgramLog") \
	X(nvrtcGetCUBINSize, "nvrtcGetCUBINSize") \
	X(nvrtcGetCUBIN, "nvrtcGetCUBIN") \
	X(nvrtcDestroyProgram, "nvrtcDestroyProgram") \
	X(nvrtcGetErrorString, "nvrtcGetErrorString")

#define DECL(fn, sym) static __typeof__(&fn) p_##fn;
CU_FUNCS(DECL)
NVRTC_FUNCS(DECL)
#undef DECL

static int loaded;

static int
load_libs(char *err, size_t errlen)
{
	if (loaded)
		return 0;
	void *cu = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!cu) {
		snprintf(err, errlen, "no CUDA driver (dlopen libcuda.so.1: %s)", dlerror());
		return -1;
	}
	const char *nv_names[] = {FENCEFUZZ_NVRTC_PATH, "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so",
	                          "/usr/local/cuda/lib64/libnvrtc.so"};
	void *nv = NULL;
	for (size_t i = 0; i < sizeof nv_names / sizeof nv_names[0] && !nv; i++)
		if (nv_names[i][0])
			nv = dlopen(nv_names[i], RTLD_NOW | RTLD_LOCAL);
	if (!nv) {
		snprintf(err, errlen, "no NVRTC library (libnvrtc.so): %s", dlerror());
		return -1;
	}
#define LOAD_CU(fn, sym) \
	if (!(p_##fn = (__typeof__(p_##fn))dlsym(cu, sym))) { \
		snprintf(err, errlen, "libcuda.so.1 lacks %s", sym); \
		return -1; \
	}
#define LOAD_NV(fn, sym) \
	if (!(p_##fn = (__typeof__(p_##fn))dlsym(nv, sym))) { \
		snprintf(err, errlen, "libnvrtc lacks %s", sym); \
		return -1; \
	}
	CU_FUNCS(LOAD_CU)
	NVRTC_FUNCS(LOAD_NV)
#undef LOAD_CU
#undef LOAD_NV
	loaded = 1;
	return 0;
}

#define CK(call) \
	do { \
		CUresult ck_ = (call); \
		if (ck_ != CUDA_SUCCESS) { \
			const char *nm_ = "?", *ds_ = "?"; \
			p_cuGetErrorName(ck_, &nm_); \
			p_cuGetErrorString(ck_, &ds_); \
			snprintf(err, errlen, "%s failed: %s (%s)", #call, nm_, ds_); \
			goto fail; \
		} \
	} while (0)

typedef struct HostParams {
	uint64_t out, shadow, meta, counters, src, errs;
	int64_t iparam[CU_MAX_PARAMS];
	int reps, stress, delay, pad;
} HostParams;

enum { MAXS = 8, E_N = 8 };

typedef struct StreamBufs {
	CUstream st;
	CUdeviceptr out, shadow, meta, counters, errs;
	CUtensorMap tm_store;
} StreamBufs;

static uint32_t
enc_tag(uint32_t t)
{
	if (t == 0)
		return 0;
	int e = 31 - __builtin_clz(t);
	uint32_t mant = ((t << (10 - e)) - 1024u) & 0x3ffu;
	uint32_t h = ((uint32_t)(e + 15) << 10) | mant;
	return h | (h << 16);
}

/* A 2-d map of rows of 64 words; a box of CU_BUFW words (4 KiB), or with
 * half = 1 of its first half (a multicast load's part). */
static int
encode_map_box(CUtensorMap *m, CUdeviceptr base, uint64_t rows, int half, char *err, size_t errlen)
{
	cuuint64_t dims[2] = {64, rows};
	cuuint64_t strides[1] = {256};
	cuuint32_t box[2] = {64, CU_BUFW / 64 / (half ? 2 : 1)};
	cuuint32_t es[2] = {1, 1};
	CK(p_cuTensorMapEncodeTiled(m, CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, (void *)(uintptr_t)base, dims, strides,
	                            box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
	                            CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	return 0;
fail:
	return -1;
}

static int
encode_map(CUtensorMap *m, CUdeviceptr base, uint64_t rows, char *err, size_t errlen)
{
	return encode_map_box(m, base, rows, 0, err, errlen);
}

/* The im2col map of the tag rows: an NWC tensor of 256 images (one per tag)
 * of 32 pixels of 32 channels (u32); one load, 32 pixels x 32 channels, is
 * image `tag` (the im2col coordinates {0, 0, tag}, offset 0). */
static int
encode_im2col(CUtensorMap *m, CUdeviceptr base, char *err, size_t errlen)
{
	cuuint64_t dims[3] = {32, 32, 256};
	cuuint64_t strides[2] = {32 * 4, 32 * 32 * 4};
	int lower[1] = {0}, upper[1] = {0};
	cuuint32_t es[3] = {1, 1, 1};
	CK(p_cuTensorMapEncodeIm2col(m, CU_TENSOR_MAP_DATA_TYPE_UINT32, 3, (void *)(uintptr_t)base, dims, strides, lower,
	                             upper, 32, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
	                             CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	return 0;
fail:
	return -1;
}

static double
now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Compiles src with NVRTC for sm_90a as build `build` (-DFF_BUILD=N: the
 * prelude's loop pragma) and loads it. */
static int
compile_module(const char *src, int build, CUmodule *mod, char *err, size_t errlen)
{
	nvrtcProgram prog = NULL;
	char *cubin = NULL, *log = NULL;
	int rc = -1;
	nvrtcResult nr = p_nvrtcCreateProgram(&prog, src, "fencefuzz_kernel.cu", 0, NULL, NULL);
	if (nr != NVRTC_SUCCESS) {
		snprintf(err, errlen, "nvrtcCreateProgram: %s", p_nvrtcGetErrorString(nr));
		return -1;
	}
	char define[32];
	snprintf(define, sizeof define, "-DFF_BUILD=%d", build);
	const char *opts[] = {"--gpu-architecture=sm_90a", "-std=c++17", define};
	nr = p_nvrtcCompileProgram(prog, 3, opts);
	if (nr != NVRTC_SUCCESS) {
		size_t n = 0;
		p_nvrtcGetProgramLogSize(prog, &n);
		log = malloc(n + 1);
		if (log && p_nvrtcGetProgramLog(prog, log) == NVRTC_SUCCESS) {
			log[n] = 0;
			fprintf(stderr, "%s\n", log);
		}
		snprintf(err, errlen, "NVRTC compilation failed (build %d): %s (log on stderr)", build,
		         p_nvrtcGetErrorString(nr));
		goto out;
	}
	size_t n = 0;
	p_nvrtcGetCUBINSize(prog, &n);
	cubin = malloc(n ? n : 1);
	if (!cubin || p_nvrtcGetCUBIN(prog, cubin) != NVRTC_SUCCESS) {
		snprintf(err, errlen, "nvrtcGetCUBIN failed");
		goto out;
	}
	CUresult cr = p_cuModuleLoadData(mod, cubin);
	if (cr != CUDA_SUCCESS) {
		const char *es = NULL;
		p_cuGetErrorString(cr, &es);
		snprintf(err, errlen, "cuModuleLoadData: %s", es ? es : "error");
		goto out;
	}
	rc = 0;
out:
	p_nvrtcDestroyProgram(&prog);
	free(cubin);
	free(log);
	return rc;
}

/* Everything one cu_run holds: the device, its two builds, the host and
 * device buffers of each stream, the tensor maps.  Freed by run_close. */
typedef struct Run {
	const LowerInfo *info;
	const RunOptions *r;
	RunResult *res;
	char *err;
	size_t errlen;
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod[2];
	CUfunction fn[2], hammer;
	uint32_t *h_src, *h_out, *h_sh, *h_meta, *h_cnt;
	uint64_t *h_err;
	CUdeviceptr d_src, d_ham;
	CUstream hst;
	StreamBufs sb[MAXS];
	int nst;
	uint64_t rows;      /* output rows of all blocks */
	size_t slot_bytes;  /* bytes of one output (or shadow) buffer */
	size_t ham_n;       /* 16-byte words the DRAM hammer touches */
	CUtensorMap tm_load, tm_im2col, tm_half;
	int cluster, blocks;
	int stress_fits;    /* the kernel has room for 128 stress threads */
} Run;

/* The device (an SM90 one), its primary context, and the kernel compiled as
 * lowered (build 0) and with the program's loops unrolled by 4 (build 1, FF_BUILD
 * in the prelude). */
static int
run_open(Run *u, const char *src)
{
	RunResult *res = u->res;
	char *err = u->err;
	size_t errlen = u->errlen;
	CK(p_cuInit(0));
	int ndev = 0;
	CK(p_cuDeviceGetCount(&ndev));
	if (ndev < 1) {
		snprintf(err, errlen, "no CUDA device");
		return -1;
	}
	CK(p_cuDeviceGet(&u->dev, 0));
	CK(p_cuDeviceGetName(res->device, sizeof res->device, u->dev));
	int major = 0, minor = 0, drv = 0, nvmaj = 0, nvmin = 0;
	CK(p_cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, u->dev));
	CK(p_cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, u->dev));
	CK(p_cuDriverGetVersion(&drv));
	p_nvrtcVersion(&nvmaj, &nvmin);
	snprintf(res->driver, sizeof res->driver, "CUDA driver %d.%d, NVRTC %d.%d, sm_%d%d", drv / 1000,
	         (drv % 1000) / 10, nvmaj, nvmin, major, minor);
	if (major != 9) {
		snprintf(err, errlen, "device %s is sm_%d%d; the lowered kernels need sm_90a", res->device, major, minor);
		return -1;
	}
	CK(p_cuDevicePrimaryCtxRetain(&u->ctx, u->dev));
	CK(p_cuCtxSetCurrent(u->ctx));
	for (int b = 0; b < (u->r->builds == 2 ? 2 : 1); b++) {
		if (compile_module(src, b, &u->mod[b], err, errlen))
			return -1;
		CK(p_cuModuleGetFunction(&u->fn[b], u->mod[b], "ff_kernel"));
		CK(p_cuFuncSetAttribute(u->fn[b], CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
		                        u->info->smem_bytes));
	}
	CK(p_cuModuleGetFunction(&u->hammer, u->mod[0], "ff_dram_hammer"));
	return 0;
fail:
	return -1;
}

/* Host and device buffers, the tagged source rows, the tensor maps, one set
 * of output buffers per stream, the DRAM hammer's buffer. */
static int
run_buffers(Run *u)
{
	const RunOptions *r = u->r;
	const LowerInfo *info = u->info;
	char *err = u->err;
	size_t errlen = u->errlen;
	u->rows = (uint64_t)r->blocks * (CU_SLOTS + 1);
	u->slot_bytes = (size_t)u->rows * CU_BUFW * 4;
	u->h_src = malloc((size_t)256 * CU_BUFW * 4);
	u->h_out = malloc(u->slot_bytes);
	u->h_sh = malloc(u->slot_bytes);
	u->h_meta = malloc(u->rows * 4);
	u->h_cnt = malloc((size_t)r->blocks * 4);
	u->h_err = malloc((size_t)r->blocks * E_N * 8);
	if (!u->h_src || !u->h_out || !u->h_sh || !u->h_meta || !u->h_cnt || !u->h_err) {
		snprintf(err, errlen, "out of host memory");
		return -1;
	}
	for (uint32_t tag = 0; tag < 256; tag++)
		for (int i = 0; i < CU_BUFW; i++)
			u->h_src[tag * CU_BUFW + i] = enc_tag(tag);
	CK(p_cuMemAlloc(&u->d_src, (size_t)256 * CU_BUFW * 4));
	CK(p_cuMemcpyHtoD(u->d_src, u->h_src, (size_t)256 * CU_BUFW * 4));
	memset(&u->tm_im2col, 0, sizeof u->tm_im2col);
	memset(&u->tm_half, 0, sizeof u->tm_half);
	if (encode_map(&u->tm_load, u->d_src, 256 * (CU_BUFW / 64), err, errlen))
		return -1;
	if (info->n_im2col && encode_im2col(&u->tm_im2col, u->d_src, err, errlen))
		return -1;
	if (info->cluster > 1 && encode_map_box(&u->tm_half, u->d_src, 256 * (CU_BUFW / 64), 1, err, errlen))
		return -1;
	u->cluster = info->cluster > 1 ? info->cluster : 1;
	u->blocks = r->blocks / u->cluster * u->cluster;
	if (u->blocks < u->cluster) {
		snprintf(err, errlen, "a multicast kernel runs in clusters of %d CTAs: --blocks must be at least %d",
		         u->cluster, u->cluster);
		return -1;
	}
	for (int s = 0; s < u->nst; s++) {
		StreamBufs *b = &u->sb[s];
		CK(p_cuStreamCreate(&b->st, CU_STREAM_NON_BLOCKING));
		CK(p_cuMemAlloc(&b->out, u->slot_bytes));
		CK(p_cuMemAlloc(&b->shadow, u->slot_bytes));
		CK(p_cuMemAlloc(&b->meta, u->rows * 4));
		CK(p_cuMemAlloc(&b->counters, (size_t)r->blocks * 4));
		CK(p_cuMemAlloc(&b->errs, (size_t)r->blocks * E_N * 8));
		if (encode_map(&b->tm_store, b->out, u->rows * (CU_BUFW / 64), err, errlen))
			return -1;
	}
	u->ham_n = (size_t)1 << 26;
	if (r->stress_dram) {
		CK(p_cuStreamCreate(&u->hst, CU_STREAM_NON_BLOCKING));
		CK(p_cuMemAlloc(&u->d_ham, u->ham_n * 16));
	}
	u->stress_fits = info->nthreads + 128 <= 1024;
	return 0;
fail:
	return -1;
}

/* Clears every stream's buffers and starts the DRAM hammer when asked. */
static int
round_prepare(Run *u)
{
	const RunOptions *r = u->r;
	char *err = u->err;
	size_t errlen = u->errlen;
	for (int s = 0; s < u->nst; s++) {
		StreamBufs *b = &u->sb[s];
		CK(p_cuMemsetD8Async(b->meta, 0, u->rows * 4, b->st));
		CK(p_cuMemsetD8Async(b->shadow, 0xff, u->slot_bytes, b->st)); /* FF_SENTINEL */
		CK(p_cuMemsetD8Async(b->out, 0, u->slot_bytes, b->st)); /* reduce-add stores add into zero */
		CK(p_cuMemsetD8Async(b->counters, 0, (size_t)r->blocks * 4, b->st));
		CK(p_cuMemsetD8Async(b->errs, 0, (size_t)r->blocks * E_N * 8, b->st));
	}
	CK(p_cuCtxSynchronize());
	if (r->stress_dram) {
		void *hargs[3];
		uint64_t n = u->ham_n;
		int reps = 2;
		hargs[0] = &u->d_ham;
		hargs[1] = &n;
		hargs[2] = &reps;
		CK(p_cuLaunchKernel(u->hammer, 132, 1, 1, 512, 1, 1, 0, u->hst, hargs, NULL));
	}
	return 0;
fail:
	return -1;
}

/* Launches build `build` on stream s with `threads` threads per block
 * (clusters of u->cluster CTAs when the program multicasts); the integer
 * parameters not set sweep 1, 2, 0, 3 over launches. */
static int
launch_stream(Run *u, int s, long L, int build, int threads, int smem)
{
	static const int64_t sweep[4] = {1, 2, 0, 3};
	const RunOptions *r = u->r;
	char *err = u->err;
	size_t errlen = u->errlen;
	StreamBufs *b = &u->sb[s];
	HostParams hp;
	memset(&hp, 0, sizeof hp);
	hp.out = b->out;
	hp.shadow = b->shadow;
	hp.meta = b->meta;
	hp.counters = b->counters;
	hp.src = u->d_src;
	hp.errs = b->errs;
	for (int i = 0; i < CU_MAX_PARAMS; i++)
		hp.iparam[i] = r->param_set[i] ? r->param_value[i] : sweep[(L + s) % 4];
	hp.reps = r->reps;
	hp.stress = smem;
	hp.delay = r->stress_delay;
	void *args[5] = {&hp, &u->tm_load, &b->tm_store, &u->tm_im2col, &u->tm_half};
	if (u->cluster > 1) {
		/* multicast loads: clusters of `cluster` CTAs */
		CUlaunchAttribute at;
		memset(&at, 0, sizeof at);
		at.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
		at.value.clusterDim.x = (unsigned)u->cluster;
		at.value.clusterDim.y = 1;
		at.value.clusterDim.z = 1;
		CUlaunchConfig cfg;
		memset(&cfg, 0, sizeof cfg);
		cfg.gridDimX = (unsigned)u->blocks;
		cfg.gridDimY = cfg.gridDimZ = 1;
		cfg.blockDimX = (unsigned)threads;
		cfg.blockDimY = cfg.blockDimZ = 1;
		cfg.sharedMemBytes = (unsigned)u->info->smem_bytes;
		cfg.hStream = b->st;
		cfg.attrs = &at;
		cfg.numAttrs = 1;
		CK(p_cuLaunchKernelEx(&cfg, u->fn[build], args, NULL));
	} else
		CK(p_cuLaunchKernel(u->fn[build], (unsigned)r->blocks, 1, 1, (unsigned)threads, 1, 1,
		                    (unsigned)u->info->smem_bytes, b->st, args, NULL));
	return 0;
fail:
	return -1;
}

/* Waits for every stream with a deadline: a lowered kernel that deadlocks (a
 * barrier some threads never reach) must not hang confirm.  A hang sets
 * res->hung and forgets the context (the process must exit). */
static int
round_wait(Run *u)
{
	const RunOptions *r = u->r;
	char *err = u->err;
	size_t errlen = u->errlen;
	for (int s = 0; s < u->nst; s++) {
		double dl = now_s() + (r->timeout_s > 0 ? r->timeout_s : 30);
		CUresult q;
		while ((q = p_cuStreamQuery(u->sb[s].st)) == CUDA_ERROR_NOT_READY) {
			if (now_s() > dl) {
				u->res->hung = 1;
				snprintf(err, errlen, "the kernel did not finish within %d s (deadlock in the lowered kernel?)",
				         r->timeout_s > 0 ? r->timeout_s : 30);
				u->ctx = NULL;
				return -1;
			}
			struct timespec ts = {0, 1000000};
			nanosleep(&ts, NULL);
		}
		CK(q);
	}
	CK(p_cuCtxSynchronize());
	return 0;
fail:
	return -1;
}

/* Adds what stream s's launch saw to res: the kernel's own counts, and each
 * stored row compared with its shadow. */
static int
collect_stream(Run *u, int s)
{
	const RunOptions *r = u->r;
	RunResult *res = u->res;
	char *err = u->err;
	size_t errlen = u->errlen;
	StreamBufs *b = &u->sb[s];
	res->launches++;
	CK(p_cuMemcpyDtoH(u->h_err, b->errs, (size_t)r->blocks * E_N * 8));
	CK(p_cuMemcpyDtoH(u->h_cnt, b->counters, (size_t)r->blocks * 4));
	long nstores = 0;
	for (int k = 0; k < r->blocks; k++) {
		const uint64_t *e = u->h_err + k * E_N;
		res->reads += (long)e[0];
		res->bad_reads += (long)e[1];
		res->wgmma += (long)e[2];
		res->bad_wgmma += (long)e[3];
		res->timeouts += (long)e[4];
		res->issued += (long)e[5];
		res->loads += (long)e[6];
		res->bad_loads += (long)e[7];
		nstores += u->h_cnt[k];
	}
	if (!nstores)
		return 0;
	CK(p_cuMemcpyDtoH(u->h_meta, b->meta, u->rows * 4));
	CK(p_cuMemcpyDtoH(u->h_out, b->out, u->slot_bytes));
	CK(p_cuMemcpyDtoH(u->h_sh, b->shadow, u->slot_bytes));
	for (uint64_t row = 0; row < u->rows; row++) {
		if (!u->h_meta[row])
			continue;
		res->copies++;
		if (memcmp(u->h_out + row * CU_BUFW, u->h_sh + row * CU_BUFW, CU_BUFW * 4))
			res->bad_copies++;
	}
	return 0;
fail:
	return -1;
}

static long
checked(const RunResult *res)
{
	return res->copies + res->wgmma + res->reads + res->loads;
}

static long
mismatched(const RunResult *res)
{
	return res->bad_copies + res->bad_wgmma + res->bad_reads + res->bad_loads;
}

/* Launch rounds until enough trials ran and every (stress, build) pair did,
 * or nothing checked runs on this path. */
static int
run_rounds(Run *u)
{
	const RunOptions *r = u->r;
	RunResult *res = u->res;
	for (long L = 0; L < r->max_launches; L += u->nst) {
		/* stress warps in this round: always, never, or every other round
		 * (the first without) */
		long round = L / u->nst;
		int smem, build;
		cu_round_plan(r, round, &smem, &build);
		int threads = u->info->nthreads + (smem && u->stress_fits ? 128 : 0);
		long before_t = checked(res), before_m = mismatched(res);
		if (round_prepare(u))
			return -1;
		for (int s = 0; s < u->nst; s++)
			if (launch_stream(u, s, L, build, threads, smem))
				return -1;
		if (round_wait(u))
			return -1;
		for (int s = 0; s < u->nst; s++)
			if (collect_stream(u, s))
				return -1;
		res->trials = checked(res);
		long dt = res->trials - before_t, dm = mismatched(res) - before_m;
		res->smem_trials[smem] += dt;
		res->smem_mismatches[smem] += dm;
		res->build_trials[build] += dt;
		res->build_mismatches[build] += dm;
		if (res->trials >= r->trials && round + 1 >= cu_rounds_needed(r))
			break; /* enough, and every (stress, build) pair ran */
		if (res->launches >= 4 && res->trials == 0)
			break; /* nothing checked runs on this path */
	}
	res->trials = checked(res);
	res->mismatches = mismatched(res);
	return 0;
}

/* Frees whatever run_open and run_buffers made. */
static void
run_close(Run *u)
{
	if (p_cuCtxSynchronize && u->ctx)
		p_cuCtxSynchronize();
	for (int s = 0; s < u->nst; s++) {
		StreamBufs *b = &u->sb[s];
		if (b->out)
			p_cuMemFree(b->out);
		if (b->shadow)
			p_cuMemFree(b->shadow);
		if (b->meta)
			p_cuMemFree(b->meta);
		if (b->counters)
			p_cuMemFree(b->counters);
		if (b->errs)
			p_cuMemFree(b->errs);
		if (b->st)
			p_cuStreamDestroy(b->st);
	}
	if (u->d_src)
		p_cuMemFree(u->d_src);
	if (u->d_ham)
		p_cuMemFree(u->d_ham);
	if (u->hst)
		p_cuStreamDestroy(u->hst);
	for (int b = 0; b < 2; b++)
		if (u->mod[b])
			p_cuModuleUnload(u->mod[b]);
	if (u->ctx)
		p_cuDevicePrimaryCtxRelease(u->dev);
	free(u->h_src);
	free(u->h_out);
	free(u->h_sh);
	free(u->h_meta);
	free(u->h_cnt);
	free(u->h_err);
}

int
cu_run(const char *src, const LowerInfo *info, const RunOptions *r, RunResult *res, char *err,
       size_t errlen)
{
	memset(res, 0, sizeof *res);
	if (load_libs(err, errlen))
		return -1;
	Run u;
	memset(&u, 0, sizeof u);
	u.info = info;
	u.r = r;
	u.res = res;
	u.err = err;
	u.errlen = errlen;
	u.nst = r->streams < 1 ? 1 : r->streams > MAXS ? MAXS : r->streams;
	double t0 = now_s();
	int rc = run_open(&u, src) || run_buffers(&u) || run_rounds(&u) ? -1 : 0;
	res->seconds = now_s() - t0;
	if (res->hung)
		return -1; /* the caller exits; the driver tears the context down */
	run_close(&u);
	return rc;
}

#endif
