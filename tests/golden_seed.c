/* golden_seed: golden tests for corpus programs that carry their own
 * expectations.
 *
 * A corpus file is a TVMScript program followed by one section per model:
 *
 *     # ==== expect tilelang-9f25954
 *     # <the canonical output of that model, each line prefixed by "# ">
 *
 * The program is everything before the first section marker.  For each
 * section the test runs the model and compares the printed output with the
 * expectation text, printing a line diff on a mismatch.  A model whose
 * TileLang version lacks one of the program's ops refuses it: its section is
 * then the one line `refused at LINE:COL: message`.  Every built-in model
 * must have a section.  With --update the sections are rewritten from what
 * the models print now (review the diff before committing it).
 *
 *     golden_seed [--update] FILE...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "pass.h"

static const char MARK[] = "# ==== expect ";

/* The expectation text of the section for `model`, comment prefixes removed,
 * or NULL when the file has no such section. */
static char *
section(const char *text, const char *model)
{
	size_t mlen = strlen(model);
	for (const char *p = strstr(text, MARK); p; p = strstr(p + 1, MARK)) {
		const char *name = p + sizeof MARK - 1;
		if (strncmp(name, model, mlen) != 0 || (name[mlen] != '\n' && name[mlen] != '\r'))
			continue;
		const char *line = strchr(name, '\n');
		StrBuf sb;
		sb_init(&sb);
		while (line && line[1] && strncmp(line + 1, MARK, sizeof MARK - 1) != 0) {
			const char *start = line + 1, *end = strchr(start, '\n');
			if (!end)
				end = start + strlen(start);
			if (start[0] == '#') {
				start += start[1] == ' ' ? 2 : 1;
				if (start > end)
					start = end;
			}
			if (sb.len)
				sb_putc(&sb, '\n');
			sb_putn(&sb, start, (size_t)(end - start));
			line = *end ? end : NULL;
		}
		while (sb.len && (sb.p[sb.len - 1] == '\n' || sb.p[sb.len - 1] == ' '))
			sb.p[--sb.len] = 0;
		return sb_take(&sb);
	}
	return NULL;
}

static int
count_lines(const char *s, const char ***out)
{
	int n = 0, cap = 16;
	const char **lines = malloc(sizeof *lines * (size_t)cap);
	for (const char *p = s; p; ) {
		if (n == cap)
			lines = realloc(lines, sizeof *lines * (size_t)(cap *= 2));
		lines[n++] = p;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	*out = lines;
	return n;
}

static int
line_eq(const char *a, const char *b)
{
	while (*a && *a != '\n' && *a == *b)
		a++, b++;
	return (*a == 0 || *a == '\n') && (*b == 0 || *b == '\n');
}

static void
put_line(const char *prefix, const char *l)
{
	const char *e = strchr(l, '\n');
	printf("%s%.*s\n", prefix, (int)(e ? e - l : (long)strlen(l)), l);
}

/* A line diff by longest common subsequence: programs here are small. */
static void
print_diff(const char *want, const char *got)
{
	const char **a, **b;
	int n = count_lines(want, &a), m = count_lines(got, &b);
	int *L = calloc((size_t)(n + 1) * (size_t)(m + 1), sizeof *L);
#define AT(i, j) L[(size_t)(i) * (size_t)(m + 1) + (size_t)(j)]
	for (int i = n - 1; i >= 0; i--)
		for (int j = m - 1; j >= 0; j--)
			AT(i, j) = line_eq(a[i], b[j]) ? AT(i + 1, j + 1) + 1
			         : AT(i + 1, j) > AT(i, j + 1) ? AT(i + 1, j) : AT(i, j + 1);
	printf("--- expected\n+++ actual\n");
	int i = 0, j = 0;
	while (i < n || j < m) {
		if (i < n && j < m && line_eq(a[i], b[j]))
			put_line("  ", a[i]), i++, j++;
		else if (j < m && (i == n || AT(i, j + 1) >= AT(i + 1, j)))
			put_line("+ ", b[j++]);
		else
			put_line("- ", a[i++]);
	}
#undef AT
	free(L);
	free(a);
	free(b);
}

static void
append_section(StrBuf *out, const char *model, const char *printed)
{
	sb_printf(out, "%s%s\n", MARK, model);
	for (const char *p = printed; p && *p; ) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		if (n)
			sb_puts(out, "# "), sb_putn(out, p, n), sb_putc(out, '\n');
		else
			sb_puts(out, "#\n");
		p = e ? e + 1 : NULL;
	}
}

static int
check_file(const char *path, int update)
{
	size_t len;
	Diag rd;
	char *text = ir_read_text(path, &len, &rd);
	if (!text) {
		printf("FAIL %s: cannot read\n", path);
		return 1;
	}
	char *mark = strstr(text, MARK);
	size_t prog_len = mark ? (size_t)(mark - text) : len;
	Arena *a = ar_new();
	Diag d = {0};
	Program *p = ir_read(a, path, text, prog_len, &d);
	if (!p) {
		printf("FAIL %s: ", path);
		diag_print(stdout, &d);
		ar_free(a);
		free(text);
		return 1;
	}
	int count, failed = 0;
	const PassModel *const *models = pass_models(&count);
	StrBuf out;
	sb_init(&out);
	if (update) {
		sb_putn(&out, text, prog_len);
		while (out.len && out.p[out.len - 1] == '\n')
			out.p[--out.len] = 0;
		sb_puts(&out, "\n\n");
	}
	for (int i = 0; i < count; i++) {
		/* A model whose version lacks one of the program's ops refuses it:
		 * the expectation is the refusal. */
		PassError perr;
		Program *q = pass_run_ex(models[i], p, &perr);
		StrBuf sb;
		sb_init(&sb);
		if (q)
			ir_print_program(&sb, q);
		else
			sb_printf(&sb, "refused at %d:%d: %s", perr.loc.line, perr.loc.col, perr.msg);
		char *got = sb_take(&sb);
		if (update) {
			append_section(&out, models[i]->name, got);
		} else {
			char *want = section(text, models[i]->name);
			if (!want) {
				printf("FAIL %s: no expectation for model %s (run with --update)\n", path,
				       models[i]->name);
				failed = 1;
			} else if (strcmp(want, got) != 0) {
				printf("FAIL %s: model %s\n", path, models[i]->name);
				print_diff(want, got);
				failed = 1;
			}
			free(want);
		}
		free(got);
	}
	if (update) {
		FILE *f = fopen(path, "wb");
		if (!f || fwrite(out.p, 1, out.len, f) != out.len || fclose(f) != 0) {
			printf("FAIL %s: cannot write\n", path);
			failed = 1;
		}
	}
	sb_free(&out);
	ar_free(a);
	free(text);
	return failed;
}

int
main(int argc, char **argv)
{
	int update = 0, passed = 0, failed = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--update") == 0) {
			update = 1;
			continue;
		}
		if (check_file(argv[i], update))
			failed++;
		else
			passed++;
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
