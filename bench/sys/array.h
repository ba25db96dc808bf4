/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_ARRAY_H
#define ALGBENCH_ARRAY_H

#include <errno.h>
#include <stdlib.h>

/*
 * Room for element n of a doubling array (*arr, *cap elements of elem bytes):
 * 0, or -ENOMEM with the array untouched.
 */
static inline int ab_array_reserve(void **arr, size_t *cap, size_t n, size_t elem)
{
	size_t want = *cap ? *cap * 2 : 64;
	void *p;

	if (n < *cap)
		return 0;
	p = realloc(*arr, want * elem);
	if (!p)
		return -ENOMEM;
	*arr = p;
	*cap = want;
	return 0;
}

#define AB_ARRAY_RESERVE(arr, cap, n) ab_array_reserve((void **)&(arr), &(cap), (n), sizeof(*(arr)))

#endif
