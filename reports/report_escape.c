/* report_escape.c: the one HTML escaper of the report layer.  Everything
 * that comes from the database (program texts, messages, witnesses, model
 * names, settings) goes through rp_escape_html before it reaches a page, so
 * a program text holding "</script><script>..." shows as text and never runs.
 * The five characters that matter in text and in quoted attributes become
 * entities; control bytes (other than tab, newline, carriage return) become
 * U+FFFD, so they cannot end a parse state either. */
#include "store.h"

void
rp_escape_html(StrBuf *sb, const char *s)
{
	if (!s)
		return;
	const char *run = s; /* the bytes since the last escape, written in one go */
	for (; *s; s++) {
		const char *rep;
		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		case '\t':
		case '\n':
		case '\r': continue;
		default:
			if ((unsigned char)*s >= 0x20 && *s != 0x7f)
				continue;
			rep = "&#xFFFD;";
		}
		sb_putn(sb, run, (size_t)(s - run));
		sb_puts(sb, rep);
		run = s + 1;
	}
	sb_putn(sb, run, (size_t)(s - run));
}
