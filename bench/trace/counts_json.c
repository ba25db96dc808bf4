// SPDX-License-Identifier: GPL-2.0
/* Per-driver counters as JSON, whole or as the difference of two readings. */
#include <string.h>

#include "trace/counts_json.h"

int trace_is_inner(const char *driver)
{
	return !strncmp(driver, "__", 2);
}

static const struct trace_counts *find(const struct trace_counts *c, int n, const char *driver)
{
	for (int i = 0; c && i < n; i++)
		if (!strcmp(c[i].driver, driver))
			return &c[i];
	return NULL;
}

static json_t *driver_json(const struct trace_counts *a, const struct trace_counts *b, int have_err,
			   const char *outer)
{
	static const struct trace_counts zero;
	json_t *o;

	b = b ? b : &zero;
	if (a->enc_cnt == b->enc_cnt && a->enc_len == b->enc_len && a->dec_cnt == b->dec_cnt &&
	    a->dec_len == b->dec_len && a->hash_cnt == b->hash_cnt && a->hash_len == b->hash_len &&
	    a->comp_cnt == b->comp_cnt && a->comp_len == b->comp_len &&
	    a->decomp_cnt == b->decomp_cnt && a->decomp_len == b->decomp_len &&
	    a->err_cnt == b->err_cnt && b != &zero)
		return NULL;
	o = json_pack("{s:s, s:b, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "driver",
		      a->driver, "internal", trace_is_inner(a->driver), "encrypt_cnt",
		      (json_int_t)(a->enc_cnt - b->enc_cnt), "encrypt_tlen",
		      (json_int_t)(a->enc_len - b->enc_len), "decrypt_cnt",
		      (json_int_t)(a->dec_cnt - b->dec_cnt), "decrypt_tlen",
		      (json_int_t)(a->dec_len - b->dec_len), "hash_cnt",
		      (json_int_t)(a->hash_cnt - b->hash_cnt), "hash_tlen",
		      (json_int_t)(a->hash_len - b->hash_len), "compress_cnt",
		      (json_int_t)(a->comp_cnt - b->comp_cnt), "compress_tlen",
		      (json_int_t)(a->comp_len - b->comp_len), "decompress_cnt",
		      (json_int_t)(a->decomp_cnt - b->decomp_cnt), "decompress_tlen",
		      (json_int_t)(a->decomp_len - b->decomp_len));
	json_object_set_new(o, "err_cnt",
			    have_err ? json_integer((json_int_t)(a->err_cnt - b->err_cnt))
				     : json_null());
	json_object_set_new(o, "outer", outer ? json_string(outer) : json_null());
	return o;
}

json_t *trace_counts_json(const struct trace_counts *before, int nb,
			  const struct trace_counts *after, int na, int have_err)
{
	json_t *arr = json_array();

	for (int i = 0; i < na; i++) {
		const struct trace_counts *outer = trace_is_inner(after[i].driver)
							   ? find(after, na, after[i].driver + 2)
							   : NULL;
		json_t *o = driver_json(&after[i], find(before, nb, after[i].driver), have_err,
					outer ? outer->driver : NULL);

		if (o)
			json_array_append_new(arr, o);
	}
	return arr;
}
