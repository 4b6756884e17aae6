/* ext_identity_server: the identity pass as an ext-server model, in C, so
 * that bench_ext can tell the protocol's own cost (pipes and framing) from
 * a Python server's.  Protocol: docs/external-models.md. */
#include <stdio.h>
#include <stdlib.h>

int
main(void)
{
	static char buf[1 << 20];
	char *big = NULL;
	char tag[16];
	size_t n;
	printf("hello 52\nprotocol 1\npass bench.identity\nversion c-identity 1\n\n");
	fflush(stdout);
	while (scanf("%15s %zu", tag, &n) == 2 && getchar() == '\n') {
		char *p = n <= sizeof buf ? buf : (big = realloc(big, n));
		if (!p || fread(p, 1, n, stdin) != n || getchar() != '\n')
			return 1;
		printf("result %zu\n", n);
		fwrite(p, 1, n, stdout);
		putchar('\n');
		fflush(stdout);
	}
	free(big);
	return 0;
}
