/* unit_vocab.c: the vocabulary table (core/vocab.def) and its lookups:
 * versions of the ops whose history matters to the models, aliases, the
 * nearest-name suggestions the reader prints, and that every op the models
 * name (models/ops.h) is in the vocabulary. */
#include <string.h>

#include "check.h"
#include "ir.h"
#include "opclass.h"
#include "vocab.h"

static void
versions(void)
{
	CHECK(vocab_versions("tma_load") == VV_ALL, "tma_load: %u", vocab_versions("tma_load"));
	CHECK(vocab_versions("tma_load_multicast") == VV_HEAD, "tma_load_multicast is head-only");
	CHECK(vocab_versions("ptx_wgmma_sp_ss") == VV_HEAD, "ptx_wgmma_sp_ss is head-only");
	CHECK(vocab_versions("tma_store_cluster") == VV_HEAD, "tma_store_cluster is head-only");
	CHECK(vocab_versions("tl_gemm") == (VV_LEGACY | VV_SEED), "tl_gemm is gone at head");
	CHECK(vocab_versions("sblock") == VV_HEAD, "T.sblock is head-era");
	CHECK(vocab_versions("block") == (VV_LEGACY | VV_SEED), "T.block is seed-era");
	CHECK(vocab_versions("no_such_op") == 0, "unknown names have no versions");
	CHECK(vocab_is_tl("fence_proxy_async"), "fence_proxy_async is a tl op");
	CHECK(!vocab_is_tl("tvm_access_ptr"), "tvm_access_ptr is a TVM op");
	CHECK(vocab_lookup("tvm_access_ptr") && vocab_lookup("tvm_access_ptr")->ns == VN_TIR, "tir ns");
	CHECK(vocab_lookup("launch_thread") && vocab_lookup("launch_thread")->ns == VN_SCRIPT, "script ns");
	CHECK(vocab_lookup("float16x4") && vocab_lookup("int32") && vocab_lookup("Buffer"), "builders");
	char buf[64];
	CHECK(strcmp(vocab_versions_str(VV_LEGACY | VV_HEAD, buf, sizeof buf), "legacy, head") == 0, "%s", buf);
	CHECK(strcmp(vocab_versions_str(0, buf, sizeof buf), "none") == 0, "%s", buf);
}

static void
aliases(void)
{
	CHECK(strcmp(vocab_canonical("shuffle_elect"), "tl_shuffle_elect") == 0, "shuffle_elect");
	CHECK(strcmp(vocab_canonical("tma_load"), "tma_load") == 0, "not an alias");
	CHECK(vocab_is_tl("shuffle_elect"), "aliases are followed");
	CHECK(vocab_lookup("shuffle_elect") == NULL && vocab_known("shuffle_elect"), "alias is not an entry");
	CHECK(vocab_versions("tma_load_2sm") == VV_HEAD, "tma_load_2sm is a head spelling");
	/* Every alias names an entry of a version that has the alias. */
	for (const char *s = "shuffle_elect\0cp_async_barrier_noinc\0tma_load_2sm\0shfl_xor\0"; *s;
	     s += strlen(s) + 1) {
		const VocabAlias *a = vocab_alias(s);
		CHECK(a && vocab_lookup(a->printed) &&
		          (vocab_lookup(a->printed)->versions & a->versions) == a->versions,
		      "alias %s", s);
	}
}

static void
nearest(void)
{
	static const char *const cases[][2] = {
		{"tma_laod", "tma_load"},
		{"fence_proxy_asnyc", "fence_proxy_async"},
		{"ptx_wgmma_sss", "ptx_wgmma_ss"},
		{"launch_threads", "launch_thread"},
		{"tvm_acess_ptr", "tvm_access_ptr"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *n = vocab_nearest(cases[i][0]);
		CHECK(n && strcmp(n, cases[i][1]) == 0, "%s -> %s, want %s", cases[i][0], n ? n : "(none)",
		      cases[i][1]);
	}
	CHECK(vocab_nearest("qqqqqqqqqqqq") == NULL, "nothing near");
	CHECK(vocab_nearest("") == NULL, "empty");
	char longname[300];
	memset(longname, 'a', sizeof longname - 1);
	longname[sizeof longname - 1] = 0;
	CHECK(vocab_nearest(longname) == NULL, "long names get no suggestion");
}

/* The models' op table may only name ops some version has: an op outside
 * the vocabulary could never reach a model. */
static void
ops_in_vocab(void)
{
	for (int i = 0; i < OP_COUNT; i++)
		CHECK(vocab_known(op_table[i].name), "ops.h names %s, unknown to vocab.def", op_table[i].name);
	int n = vocab_count(), tl = 0;
	for (int i = 0; i < n; i++) {
		const VocabEntry *e = vocab_entry(i);
		CHECK(e->versions && (e->versions & ~(unsigned)VV_ALL) == 0, "%s: versions %u", e->name,
		      e->versions);
		CHECK(vocab_lookup(e->name) == e, "%s: hashed lookup finds its own line", e->name);
		tl += e->ns == VN_TL;
	}
	CHECK(n > 500 && tl > 200, "%d names, %d tl", n, tl);
}

int
main(void)
{
	versions();
	aliases();
	nearest();
	ops_in_vocab();
	return check_summary();
}
