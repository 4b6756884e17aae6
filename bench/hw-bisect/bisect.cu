// Bisect between the SPEC 4.3 probes (races show) and fencefuzz's lowered
// kernels (races did not show).  One kernel template per race class; each
// compile-time flag adds one feature of the lowering to the probe's pattern,
// so the table says which feature hides the race.  Expected values are known
// on the host (iteration tag + word index, as in the probes).
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -o bisect bisect.cu -lcuda
//   ./bisect [scale]      (scale multiplies the iteration counts; default 1)
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <chrono>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); exit(1);} } while (0)

enum {
  F_FENCE_W = 1 << 0,    // fence in every writer before the barrier
  F_FENCE_I = 1 << 1,    // fence in the issuer after the barrier
  F_NOWAIT = 1 << 2,     // no wait_group.read before the next iteration (class a)
  F_NAMEDBAR = 1 << 3,   // bar.sync 1, n instead of __syncthreads
  F_SHADOW = 1 << 4,     // each writer first writes the same words of a shadow
  F_OLDLOAD = 1 << 5,    // loads the old shadow words first (local array), stores them to global after
  F_BOOK = 1 << 6,       // issuer: shared atomic + two st.shared + a global store after the issue
  F_SAMETAG = 1 << 7,    // one value in every word (tag) instead of tag + word
  F_NOINLINE = 1 << 8,   // the write is a __noinline__ call
  F_ASC = 1 << 9,        // ascending word order (first words first)
  F_HAM_IN = 1 << 10,    // hammer threads inside the barrier phase (stress.cu)
  F_HAM_BESIDE = 1 << 11,// hammer warps beside the barrier, spinning on a flag (the lowering's ff_stress)
  F_V4 = 1 << 12,        // 16-byte stores (wgmma probe) instead of 32-bit
  F_CHECK = 1 << 13,     // wgmma: the lowering's in-kernel expected-value loop (64 ld.shared) after the wgmma
  F_STRIPE = 1 << 14,    // word w belongs to thread w mod W (the lowering) instead of a contiguous chunk
  F_LOCAL = 1 << 15,     // thread state in local memory, read and written around the stores (the lowering's FFThread&)
};
struct LocalState { uint32_t clock, seen, nst, rnd, pad[12]; };

struct Cfg {
  const char *name;
  int flags, writers, hammers, blocks, iters, streams, smem_kb;
};

__device__ __forceinline__ uint32_t sa(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void st32(uint32_t a, uint32_t v) { asm volatile("st.shared.u32 [%0], %1;" :: "r"(a), "r"(v) : "memory"); }
__device__ __forceinline__ uint32_t ld32(uint32_t a) { uint32_t v; asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(a) : "memory"); return v; }
__device__ __forceinline__ void fence_async() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
template <int F> __device__ __forceinline__ void bar(int n) {
  if (F & (F_NAMEDBAR | F_HAM_BESIDE)) asm volatile("bar.sync 1, %0;" :: "r"(n) : "memory");
  else __syncthreads();
}

// The generic write of one iteration: thread tid's words of the 1024-word buffer.
template <int F> __device__ __forceinline__ void write_words_inl(LocalState &ls, uint32_t buf, uint32_t shd, uint32_t *gsnap, int tid, int W, uint32_t tag) {
  const int N = 1024, per = N / W;
  if (F & F_LOCAL) { ls.clock++; ls.rnd = ls.rnd * 1664525u + 1013904223u; if (ls.seen > 1000000u) tag ^= ls.nst; }
  uint32_t old[32];
  auto word = [&](int i) { return (F & F_STRIPE) ? tid + i * W : tid * per + i; };
  if (F & F_OLDLOAD)
    for (int i = 0; i < per && i < 32; ++i) old[i] = ld32(shd + 4u * word(i));
  if (F & F_SHADOW)
    for (int i = per; i-- > 0;) st32(shd + 4u * word(i), (F & F_SAMETAG) ? tag : tag + word(i));
  if (F & F_ASC)
    for (int i = 0; i < per; ++i) st32(buf + 4u * word(i), (F & F_SAMETAG) ? tag : tag + word(i));
  else
    for (int i = per; i-- > 0;) st32(buf + 4u * word(i), (F & F_SAMETAG) ? tag : tag + word(i));
  if (F & F_OLDLOAD)
    for (int i = 0; i < per && i < 32; ++i) gsnap[word(i)] = old[i];
  if (F & F_LOCAL) { ls.seen++; ls.nst += ls.clock & 1u; }
}
template <int F> __device__ __noinline__ void write_words_call(LocalState &ls, uint32_t buf, uint32_t shd, uint32_t *gsnap, int tid, int W, uint32_t tag) {
  write_words_inl<F>(ls, buf, shd, gsnap, tid, W, tag);
}
template <int F> __device__ __forceinline__ void write_words(LocalState &ls, uint32_t buf, uint32_t shd, uint32_t *gsnap, int tid, int W, uint32_t tag) {
  if (F & (F_NOINLINE | F_LOCAL)) write_words_call<F>(ls, buf, shd, gsnap, tid, W, tag);
  else write_words_inl<F>(ls, buf, shd, gsnap, tid, W, tag);
}
__device__ __forceinline__ void hammer(uint32_t scr, int tid, int k0) {
  for (int k = 0; k < 32; ++k)
    st32(scr + 4u * (((tid * 32) + k * 32 * 33) & 4095), (uint32_t)(k + k0));
}

// Bulk store classes (a, b): writers write, barrier, thread 0 cp.async.bulk.
template <int F> __global__ void store_kern(uint32_t *out, uint32_t *gsnap, uint32_t *meta, int iters, int W) {
  extern __shared__ __align__(1024) uint32_t smem[];
  uint32_t flag = sa(smem), pend = flag + 16, buf = flag + 1024, shd = buf + 4096, scr = buf + 8192;  /* scr: 16 KiB, hammers only */
  int tid = threadIdx.x, nbar = (F & F_HAM_IN) ? blockDim.x : W;
  if (tid == 0) { st32(flag, 0); st32(pend, 0); }
  for (int i = tid; i < 2048; i += blockDim.x) st32(buf + 4u * i, 0);
  fence_async();
  __syncthreads();
  if ((F & F_HAM_BESIDE) && tid >= W) {
    int k = 0;
    while (!*(volatile uint32_t *)__cvta_shared_to_generic(flag)) { hammer(scr, tid, k); k += 32; }
    return;
  }
  LocalState ls = {};
  ls.rnd = tid;
  for (int it = 0; it < iters; ++it) {
    uint32_t tag = (F & F_SAMETAG) ? 1u + (uint32_t)((it * 37 + blockIdx.x * 7) % 255)
                                   : ((uint32_t)(it + 1) << 20) ^ ((uint32_t)blockIdx.x << 8);
    uint32_t *dst = out + ((size_t)blockIdx.x * iters + it) * 1024;
    if (tid < W) {
      write_words<F>(ls, buf, shd, gsnap + (size_t)blockIdx.x * 1024, tid, W, tag);
      if (F & F_FENCE_W) fence_async();
    } else if (F & F_HAM_IN) {
      hammer(scr, tid, it);
    }
    bar<F>(nbar);
    if (tid == 0) {
      if (F & F_FENCE_I) fence_async();
      asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" :: "l"(dst), "r"(buf), "r"(4096) : "memory");
      if (F & F_BOOK) {
        uint32_t e = atomicAdd((unsigned *)__cvta_shared_to_generic(pend), 1u);
        st32(pend + 16u + 8u * (e & 63), (uint32_t)it);
        st32(pend + 20u + 8u * (e & 63), 1u);
        meta[(size_t)blockIdx.x * iters + it] = 1u;
      }
      asm volatile("cp.async.bulk.commit_group;" ::: "memory");
      if (!(F & F_NOWAIT)) asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
    bar<F>(nbar);
  }
  if (tid == 0) asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  if ((F & F_LOCAL) && ls.seen == 12345678u) meta[0] = ls.nst;
  if (F & F_HAM_BESIDE) { bar<F>(nbar); if (tid == 0) *(volatile uint32_t *)__cvta_shared_to_generic(flag) = 1u; }
}

// wgmma class (d): 128 threads write A (and B once), barrier, wgmma m64n8k16.
__device__ __forceinline__ uint64_t wdesc(uint32_t a) {
  return (uint64_t)((a >> 4) & 0x3FFFu) | ((uint64_t)(128u >> 4) << 16) | ((uint64_t)(256u >> 4) << 32);
}
__device__ __forceinline__ uint32_t h2(float f) { unsigned short h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f)); return (uint32_t)h | ((uint32_t)h << 16); }
template <int F> __global__ void __launch_bounds__(256, 1) wgmma_kern(unsigned long long *bad, int iters) {
  extern __shared__ __align__(1024) uint32_t smem[];
  uint32_t flag = sa(smem), A = flag + 1024, B = A + 8192, Ash = A + 16384, scr = A + 24576;  /* scr: 16 KiB, hammers only */
  int tid = threadIdx.x;
  if (tid == 0) st32(flag, 0);
  uint32_t one = h2(1.0f);
  for (int i = tid; i < 2048; i += blockDim.x) { st32(B + 4u * i, one); st32(A + 4u * i, 0); st32(Ash + 4u * i, 0); }
  fence_async();
  __syncthreads();
  if ((F & F_HAM_BESIDE) && tid >= 128) {
    int k = 0;
    while (!*(volatile uint32_t *)__cvta_shared_to_generic(flag)) { hammer(scr, tid, k); k += 32; }
    return;
  }
  unsigned long long mybad = 0;
  for (int it = 0; it < iters; ++it) {
    float av = (float)((it % 5) + 1);
    uint32_t pa = h2(av);
    // A: 64x16 halves = 2 KiB = 512 words; each thread 4 words (16 bytes) or v4
    if (tid < 128) {
      if (F & F_SHADOW)
        for (int j = 0; j < 4; ++j) st32(Ash + 4u * (tid * 4 + j), pa);
      if (F & F_V4) {
        asm volatile("st.shared.v4.u32 [%0], {%1,%1,%1,%1};" :: "r"(A + 16u * tid), "r"(pa) : "memory");
      } else if (F & F_STRIPE) {
        for (int j = 4; j-- > 0;) st32(A + 4u * (tid + 128 * j), pa);
      } else {
        for (int j = 4; j-- > 0;) st32(A + 4u * (tid * 4 + j), pa);
      }
      if (F & F_FENCE_W) fence_async();
    } else if (F & F_HAM_IN) {
      hammer(scr, tid, it);
    }
    bar<F>((F & F_HAM_IN) ? blockDim.x : 128);
    if (tid < 128) {
      float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
      uint64_t da = wdesc(A), db = wdesc(B);
      asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
      asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %6, 0;\n"
                   "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n}\n"
                   : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3) : "l"(da), "l"(db), "r"(0) : "memory");
      asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
      asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
      float want = 16.0f * av;
      if (F & F_CHECK) {
        float w = 0.f;
        for (int k = 0; k < 64; ++k) { uint32_t x = ld32(Ash + 4u * ((tid * 7 + k * 13) & 511)); w += (x == pa) ? 0.25f : 0.f; }
        want = want * (w / 16.0f);  // == want when the shadow holds pa (always)
      }
      mybad += (d0 != want) + (d1 != want) + (d2 != want) + (d3 != want);
    }
    bar<F>((F & F_HAM_IN) ? blockDim.x : 128);
  }
  if (mybad) atomicAdd(bad, mybad);
  if (F & F_HAM_BESIDE) { if (tid == 0) *(volatile uint32_t *)__cvta_shared_to_generic(flag) = 1u; }
}

__global__ void dram_hammer(float4 *a, size_t n, int reps) {
  for (int r = 0; r < reps; ++r)
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
      float4 v = a[i]; v.x += 1; a[(i * 7919) % n] = v;
    }
}

static int scale = 1;
static uint32_t *d_out[4], *d_snap, *d_meta, *h_out;
static size_t out_words;

template <int F> static void run_store(Cfg c) {
  int iters = c.iters * scale;
  size_t words = (size_t)c.blocks * iters * 1024;
  if (words > out_words) { printf("%s: too large\n", c.name); return; }
  int threads = c.writers + c.hammers;
  size_t shm = (size_t)c.smem_kb * 1024;
  CK(cudaFuncSetAttribute(store_kern<F>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shm));
  cudaStream_t st[4];
  for (int s = 0; s < c.streams; ++s) CK(cudaStreamCreateWithFlags(&st[s], cudaStreamNonBlocking));
  long long bad = 0, total = 0;
  float ms = 0;
  for (int rep = 0; rep < 3; ++rep) {
    for (int s = 0; s < c.streams; ++s) CK(cudaMemset(d_out[s], 0xff, words * 4));
    CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    for (int s = 0; s < c.streams; ++s) store_kern<F><<<c.blocks, threads, shm, st[s]>>>(d_out[s], d_snap, d_meta, iters, c.writers);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    ms += std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - t0).count();
    for (int s = 0; s < c.streams; ++s) {
      CK(cudaMemcpy(h_out, d_out[s], words * 4, cudaMemcpyDeviceToHost));
      for (int bl = 0; bl < c.blocks; ++bl)
        for (int it = 0; it < iters; ++it) {
          uint32_t tag = (F & F_SAMETAG) ? 1u + (uint32_t)((it * 37 + bl * 7) % 255) : ((uint32_t)(it + 1) << 20) ^ ((uint32_t)bl << 8);
          const uint32_t *p = h_out + ((size_t)bl * iters + it) * 1024;
          int any = 0;
          for (int i = 0; i < 1024 && !any; ++i) any = p[i] != ((F & F_SAMETAG) ? tag : tag + (uint32_t)i);
          bad += any; total++;
        }
    }
  }
  for (int s = 0; s < c.streams; ++s) CK(cudaStreamDestroy(st[s]));
  printf("| %-34s | store | %5d | %3d+%-3d | %5d | %d | %3d | %9lld / %-9lld | %6.2f%% | %8.3f |\n", c.name, c.blocks, c.writers, c.hammers,
         iters, c.streams, c.smem_kb, bad, total, total ? 100.0 * bad / total : 0.0, ms / 3);
  fflush(stdout);
}

template <int F> static void run_wgmma(Cfg c) {
  int iters = c.iters * scale;
  unsigned long long *d, h;
  CK(cudaMalloc(&d, 16));
  size_t shm = (size_t)c.smem_kb * 1024;
  CK(cudaFuncSetAttribute(wgmma_kern<F>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shm));
  CK(cudaMemset(d, 0, 16));
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  CK(cudaEventRecord(a));
  wgmma_kern<F><<<c.blocks, 128 + c.hammers, shm>>>(d, iters);
  CK(cudaGetLastError());
  CK(cudaEventRecord(b)); CK(cudaDeviceSynchronize());
  float ms; CK(cudaEventElapsedTime(&ms, a, b));
  CK(cudaMemcpy(&h, d, 8, cudaMemcpyDeviceToHost));
  long long total = (long long)c.blocks * iters * 128 * 4;
  printf("| %-34s | wgmma | %5d | %3d+%-3d | %5d | %d | %3d | %9llu / %-9lld | %6.2f%% | %8.3f |\n", c.name, c.blocks, 128, c.hammers,
         iters, 1, c.smem_kb, h, total, 100.0 * (double)h / (double)total, ms);
  fflush(stdout);
  CK(cudaFree(d));
}

// The ladder.  Ours = what the lowering does: 264 blocks x 128 program threads,
// named barrier, stripe ownership, shadow first, old-value loads, noinline
// write, issuer bookkeeping, one tag per write, 64 iterations, 34 KiB.
#define OURS (F_NAMEDBAR | F_STRIPE | F_SHADOW | F_OLDLOAD | F_NOINLINE | F_LOCAL | F_BOOK | F_SAMETAG)
#define STORE_ROWS(X) \
  X("a0 race.cu mode 5 (nowait)", F_FENCE_W | F_NOWAIT | F_ASC | F_STRIPE, 256, 0, 528, 100, 1, 10) \
  X("a1 a0 at 264x128, 64 it", F_FENCE_W | F_NOWAIT | F_ASC | F_STRIPE, 128, 0, 264, 64, 1, 10) \
  X("a2 a1 + named bar", F_FENCE_W | F_NOWAIT | F_ASC | F_STRIPE | F_NAMEDBAR, 128, 0, 264, 64, 1, 10) \
  X("a3 a1 + shadow first", F_FENCE_W | F_NOWAIT | F_ASC | F_STRIPE | F_SHADOW, 128, 0, 264, 64, 1, 10) \
  X("a4 a1 + old loads/local/global", F_FENCE_W | F_NOWAIT | F_ASC | F_STRIPE | F_OLDLOAD, 128, 0, 264, 64, 1, 10) \
  X("a5 a1 + noinline", F_FENCE_W | F_NOWAIT | F_ASC | F_STRIPE | F_NOINLINE, 128, 0, 264, 64, 1, 10) \
  X("a6 a1 + issuer bookkeeping", F_FENCE_W | F_NOWAIT | F_ASC | F_STRIPE | F_BOOK, 128, 0, 264, 64, 1, 10) \
  X("a7 a1 + same tag", F_FENCE_W | F_NOWAIT | F_ASC | F_STRIPE | F_SAMETAG, 128, 0, 264, 64, 1, 10) \
  X("a8 a1 + 34 KiB smem", F_FENCE_W | F_NOWAIT | F_ASC | F_STRIPE, 128, 0, 264, 64, 1, 34) \
  X("a9 ours (descending)", F_FENCE_W | F_NOWAIT | OURS, 128, 0, 264, 64, 1, 34) \
  X("a10 ours, 4 streams", F_FENCE_W | F_NOWAIT | OURS, 128, 0, 264, 64, 4, 34) \
  X("a11 ours, 1056 blocks", F_FENCE_W | F_NOWAIT | OURS, 128, 0, 1056, 64, 1, 34) \
  X("a13 a1 + local state", F_FENCE_W | F_NOWAIT | F_ASC | F_STRIPE | F_LOCAL, 128, 0, 264, 64, 1, 10) \
  X("a12 a1, descending", F_FENCE_W | F_NOWAIT | F_STRIPE, 128, 0, 264, 64, 1, 10) \
  X("b0 stress.cu (ham in, 4 streams)", F_STRIPE | F_HAM_IN, 128, 128, 264, 200, 4, 26) \
  X("b0f b0 + fence in writers", F_STRIPE | F_HAM_IN | F_FENCE_W, 128, 128, 264, 200, 4, 26) \
  X("b0i b0 + fence in issuer", F_STRIPE | F_HAM_IN | F_FENCE_I, 128, 128, 264, 200, 4, 26) \
  X("b1 b0, 1 stream", F_STRIPE | F_HAM_IN, 128, 128, 264, 200, 1, 26) \
  X("b2 b0, 64 it", F_STRIPE | F_HAM_IN, 128, 128, 264, 64, 4, 26) \
  X("b3 b0, hammer beside (spinning)", F_STRIPE | F_HAM_BESIDE, 128, 128, 264, 200, 4, 26) \
  X("b4 b0 + named bar", F_STRIPE | F_HAM_IN | F_NAMEDBAR, 128, 128, 264, 200, 4, 26) \
  X("b5 b0 + shadow first", F_STRIPE | F_HAM_IN | F_SHADOW, 128, 128, 264, 200, 4, 26) \
  X("b6 b0 + old loads/local/global", F_STRIPE | F_HAM_IN | F_OLDLOAD, 128, 128, 264, 200, 4, 26) \
  X("b7 b0 + noinline", F_STRIPE | F_HAM_IN | F_NOINLINE, 128, 128, 264, 200, 4, 26) \
  X("b8 b0 + issuer bookkeeping", F_STRIPE | F_HAM_IN | F_BOOK, 128, 128, 264, 200, 4, 26) \
  X("b9 b0 + same tag", F_STRIPE | F_HAM_IN | F_SAMETAG, 128, 128, 264, 200, 4, 26) \
  X("b10 b0, 34 KiB smem", F_STRIPE | F_HAM_IN, 128, 128, 264, 200, 4, 34) \
  X("b11 b0, ascending writes", F_STRIPE | F_HAM_IN | F_ASC, 128, 128, 264, 200, 4, 26) \
  X("b16 b0 + local state", F_STRIPE | F_HAM_IN | F_LOCAL, 128, 128, 264, 200, 4, 26) \
  X("b12 ours, hammer beside, 1 stream", OURS | F_HAM_BESIDE, 128, 128, 264, 64, 1, 34) \
  X("b13 ours, hammer in, 1 stream", OURS | F_HAM_IN, 128, 128, 264, 64, 1, 34) \
  X("b14 ours, hammer in, 4 streams", OURS | F_HAM_IN, 128, 128, 264, 64, 4, 34) \
  X("b15 ours - shadow/old, ham in, 4 str", (OURS & ~(F_SHADOW | F_OLDLOAD)) | F_HAM_IN, 128, 128, 264, 64, 4, 34)
#define WGMMA_ROWS(X) \
  X("d0 wgmma.cu mode 0 (v4, 1056 bl)", F_V4, 0, 1056, 2000, 26) \
  X("d0f d0 + fence", F_V4 | F_FENCE_W, 0, 1056, 2000, 26) \
  X("d1 d0, 264 blocks, 64 it", F_V4, 0, 264, 64, 26) \
  X("d2 d0, scalar stores (chunk)", 0, 0, 1056, 2000, 26) \
  X("d3 d0, scalar stripe", F_STRIPE, 0, 1056, 2000, 26) \
  X("d4 d0 + shadow first", F_V4 | F_SHADOW, 0, 1056, 2000, 26) \
  X("d5 d0 + check loop", F_V4 | F_SHADOW | F_CHECK, 0, 1056, 2000, 26) \
  X("d6 d0 + named bar", F_V4 | F_NAMEDBAR, 0, 1056, 2000, 26) \
  X("d7 d0 + hammer in", F_V4 | F_HAM_IN, 128, 1056, 2000, 42) \
  X("d8 d0 + hammer beside", F_V4 | F_HAM_BESIDE, 128, 1056, 2000, 42) \
  X("d9 ours (stripe, shadow, check, nb)", F_STRIPE | F_SHADOW | F_CHECK | F_NAMEDBAR, 0, 264, 64, 42) \
  X("d10 ours + hammer in", F_STRIPE | F_SHADOW | F_CHECK | F_NAMEDBAR | F_HAM_IN, 128, 1056, 2000, 42) \
  X("d11 ours + hammer beside", F_STRIPE | F_SHADOW | F_CHECK | F_NAMEDBAR | F_HAM_BESIDE, 128, 1056, 2000, 42) \
  X("d12 ours, 1056 bl, 2000 it", F_STRIPE | F_SHADOW | F_CHECK | F_NAMEDBAR, 0, 1056, 2000, 42)

int main(int argc, char **argv) {
  if (argc > 1) scale = atoi(argv[1]);
  const char *only = argc > 2 ? argv[2] : "";
  out_words = (size_t)1056 * 100 * 1024 * (size_t)(scale < 2 ? 2 : scale);
  for (int s = 0; s < 4; ++s) CK(cudaMalloc(&d_out[s], out_words * 4));
  CK(cudaMalloc(&d_snap, (size_t)1056 * 1024 * 4));
  CK(cudaMalloc(&d_meta, (size_t)1056 * 2000 * 4 * (size_t)scale));
  h_out = (uint32_t *)malloc(out_words * 4);
  printf("| variant | class | blocks | threads | iters | streams | smem KiB | wrong / trials | rate | ms/launch |\n");
  printf("|---|---|---|---|---|---|---|---|---|---|\n");
#define XS(name, f, w, h, b, it, s, kb) if (!*only || strchr(only, name[0])) run_store<f>(Cfg{name, f, w, h, b, it, s, kb});
#define XW(name, f, h, b, it, kb) if (!*only || strchr(only, name[0])) run_wgmma<f>(Cfg{name, f, 128, h, b, it, 1, kb});
  STORE_ROWS(XS)
  WGMMA_ROWS(XW)
  return 0;
}
