/* decisions.c: the decision stream behind the generator.
 *
 * PRNG mode draws from splitmix64.  Byte mode reads the input as little
 * endian chunks, 1 byte for a choice among <= 256, 2 for <= 65536, else 4;
 * once the bytes run out every decision is 0, so any input is a program.
 */
#include "gen.h"

void
dz_init_seed(Decider *d, uint64_t seed)
{
	*d = (Decider){0};
	d->state = seed;
}

void
dz_init_bytes(Decider *d, const uint8_t *bytes, size_t len)
{
	*d = (Decider){0};
	d->bytes = bytes ? bytes : (const uint8_t *)"";
	d->len = bytes ? len : 0;
}

int
dz_exhausted(const Decider *d)
{
	return d->bytes && d->pos >= d->len;
}

static uint32_t
take(Decider *d, int nbytes)
{
	uint32_t v = 0;
	for (int i = 0; i < nbytes && d->pos < d->len; i++)
		v |= (uint32_t)d->bytes[d->pos++] << (8 * i);
	return v;
}

uint32_t
dz_bits(Decider *d, int nbits)
{
	uint32_t mask = nbits >= 32 ? 0xffffffffu : (1u << nbits) - 1;
	if (!d->bytes)
		return (uint32_t)(dz_splitmix(&d->state) >> 32) & mask;
	return take(d, (nbits + 7) / 8) & mask;
}

uint32_t
dz_choose_bytes(Decider *d, uint32_t n)
{
	uint32_t v = take(d, n <= 256 ? 1 : n <= 65536 ? 2 : 4);
	return v % n;
}
