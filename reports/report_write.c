/* report_write.c: load the database once, render the requested outputs, and
 * write each to PATH.tmp then rename it over PATH, so a browser or a CI step
 * reading the report never sees half of one.  "-" writes to stdout. */
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static int
write_out(const char *path, const StrBuf *sb, char *err, size_t errlen)
{
	const char *text = sb->p ? sb->p : "";
	if (!strcmp(path, "-")) {
		if (fwrite(text, 1, sb->len, stdout) != sb->len || fflush(stdout)) {
			snprintf(err, errlen, "stdout: %s", strerror(errno));
			return -1;
		}
		return 0;
	}
	char tmp[4096];
	if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
		snprintf(err, errlen, "%s: path too long", path);
		return -1;
	}
	FILE *f = fopen(tmp, "w");
	if (!f) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		return -1;
	}
	int bad = fwrite(text, 1, sb->len, f) != sb->len;
	bad |= fclose(f) != 0;
	if (bad || rename(tmp, path) != 0) {
		snprintf(err, errlen, "%s: %s", bad ? tmp : path, strerror(errno));
		remove(tmp);
		return -1;
	}
	return 0;
}

int
rp_write(const char *db_path, const char *html_path, const char *md_path, char *err,
         size_t errlen)
{
	Report *r;
	if (rp_load(db_path, &r, err, errlen) < 0)
		return -1;
	int rc = 0;
	StrBuf sb;
	if (html_path) {
		sb_init(&sb);
		rp_html(&sb, r);
		rc = write_out(html_path, &sb, err, errlen);
		sb_free(&sb);
	}
	if (!rc && md_path) {
		sb_init(&sb);
		rp_markdown(&sb, r);
		rc = write_out(md_path, &sb, err, errlen);
		sb_free(&sb);
	}
	rp_free(r);
	return rc;
}
