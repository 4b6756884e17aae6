"""The op registry of the stand-in TVM: the tl ops of fencefuzz's programs."""
import os

TL_OPS = set("""fence_proxy_async tma_load tma_load_im2col tma_load_multicast tma_store
tma_store_arrive tma_store_wait ptx_wgmma_ss ptx_wgmma_rs ptx_wgmma_sp_ss ptx_tcgen05_mma_ss
ptx_tcgen05_mma_ts ptx_cp_async ptx_ldmatrix ptx_stmatrix tl_shuffle_elect mbarrier_wait_parity
mbarrier_expect_tx warpgroup_arrive warpgroup_commit_batch warpgroup_wait warpgroup_fence_operand
initialize_wgmma_descriptor ptx_fence_barrier_init get_lane_idx tl_gemm""".split())
ALL_TL_NAMES = set(TL_OPS)  # registered in some version
if os.environ.get("STUB_ERA") == "head":
    TL_OPS.discard("tl_gemm")  # removed upstream


class Op:
    @staticmethod
    def get(name):
        if not (name.startswith("tl.") and name[3:] in TL_OPS):
            raise ValueError("stub tvm: op %s is not registered" % name)
        return name
