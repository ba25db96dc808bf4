// SPDX-License-Identifier: GPL-2.0
/*
 * A minimal reader of the kernel's BTF blob (include/uapi/linux/btf.h):
 * only what member offsets need. Every offset into the blob is checked.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/file.h"
#include "trace/btf.h"

#define BTF_MAGIC 0xeB9F
#define BTF_MAX	  (64u << 20)
enum {
	K_INT = 1,
	K_PTR,
	K_ARRAY,
	K_STRUCT,
	K_UNION,
	K_ENUM,
	K_FWD,
	K_TYPEDEF,
	K_VOLATILE,
	K_CONST,
	K_RESTRICT,
	K_FUNC,
	K_FUNC_PROTO,
	K_VAR,
	K_DATASEC,
	K_FLOAT,
	K_DECL_TAG,
	K_TYPE_TAG,
	K_ENUM64
};

struct btf_header {
	uint16_t magic;
	uint8_t version, flags;
	uint32_t hdr_len, type_off, type_len, str_off, str_len;
};

struct btf_type {
	uint32_t name_off, info, size_or_type;
};

struct btf_member {
	uint32_t name_off, type, offset;
};

struct trace_btf {
	char *blob;
	const char *types, *strs;
	uint32_t types_len, strs_len, n;
	const struct btf_type **by_id; /* id 0 is void */
};

static unsigned int kind(const struct btf_type *t)
{
	return (t->info >> 24) & 0x1f;
}

static unsigned int vlen(const struct btf_type *t)
{
	return t->info & 0xffff;
}

static size_t extra(const struct btf_type *t)
{
	switch (kind(t)) {
	case K_INT:
	case K_VAR:
	case K_DECL_TAG:
		return 4;
	case K_ARRAY:
		return 12;
	case K_STRUCT:
	case K_UNION:
	case K_DATASEC:
	case K_ENUM64:
		return 12 * (size_t)vlen(t);
	case K_ENUM:
	case K_FUNC_PROTO:
		return 8 * (size_t)vlen(t);
	default:
		return 0;
	}
}

static const char *name(const struct trace_btf *b, uint32_t off)
{
	return off < b->strs_len && memchr(b->strs + off, '\0', b->strs_len - off) ? b->strs + off
										   : "";
}

static int index_types(struct trace_btf *b, char why[AB_WHY_LEN])
{
	size_t cap = 1 << 16, off = 0;

	b->by_id = malloc(cap * sizeof(*b->by_id));
	if (!b->by_id) {
		ab_whyf(why, "out of memory");
		return -1;
	}
	b->by_id[0] = NULL;
	b->n = 1;
	while (off + sizeof(struct btf_type) <= b->types_len) {
		const struct btf_type *t = (const void *)(b->types + off);

		if (kind(t) < K_INT || kind(t) > K_ENUM64) {
			ab_whyf(why, "BTF: unknown kind %u", kind(t));
			return -1;
		}
		if (b->n == cap) {
			const struct btf_type **p = realloc(b->by_id, 2 * cap * sizeof(*p));

			if (!p) {
				ab_whyf(why, "out of memory");
				return -1;
			}
			b->by_id = p;
			cap *= 2;
		}
		b->by_id[b->n++] = t;
		off += sizeof(*t) + extra(t);
	}
	if (off != b->types_len) {
		ab_whyf(why, "BTF: type section ends inside a type");
		return -1;
	}
	return 0;
}

struct trace_btf *trace_btf_load(const char *path, char why[AB_WHY_LEN])
{
	struct trace_btf *b = calloc(1, sizeof(*b));
	const struct btf_header *h;
	size_t n = 0;
	int err = b ? ab_read_file(path, BTF_MAX, &b->blob, &n) : -ENOMEM;

	if (err) {
		ab_whyf(why, "%s: cannot read the kernel's BTF (%s%s)", path, strerror(-err),
			err == -ENOENT ? ": no CONFIG_DEBUG_INFO_BTF?" : "");
		goto fail;
	}
	h = (const void *)b->blob;
	if (n < sizeof(*h) || h->magic != BTF_MAGIC || h->hdr_len < sizeof(*h) ||
	    (uint64_t)h->hdr_len + h->type_off + h->type_len > n ||
	    (uint64_t)h->hdr_len + h->str_off + h->str_len > n || (h->type_off & 3)) {
		ab_whyf(why, "%s: not a BTF blob this reader understands", path);
		goto fail;
	}
	b->types = b->blob + h->hdr_len + h->type_off;
	b->types_len = h->type_len;
	b->strs = b->blob + h->hdr_len + h->str_off;
	b->strs_len = h->str_len;
	if (index_types(b, why))
		goto fail;
	return b;
fail:
	trace_btf_free(b);
	return NULL;
}

void trace_btf_free(struct trace_btf *b)
{
	if (!b)
		return;
	free(b->by_id);
	free(b->blob);
	free(b);
}

/* Offset in bytes of member in the struct/union t (anonymous members searched). */
static long member_offset(const struct trace_btf *b, const struct btf_type *t, const char *member,
			  int depth)
{
	const struct btf_member *m = (const void *)(t + 1);

	if (depth > 8)
		return -1;
	for (unsigned int i = 0; i < vlen(t); i++) {
		uint32_t bits = (t->info >> 31) ? m[i].offset & 0xffffff : m[i].offset;

		if (!strcmp(name(b, m[i].name_off), member))
			return bits % 8 ? -1 : (long)(bits / 8);
		if (!m[i].name_off && m[i].type < b->n) {
			const struct btf_type *u = b->by_id[m[i].type];
			long o = u && (kind(u) == K_STRUCT || kind(u) == K_UNION)
					 ? member_offset(b, u, member, depth + 1)
					 : -1;

			if (o >= 0)
				return (long)(bits / 8) + o;
		}
	}
	return -1;
}

long trace_btf_offset(const struct trace_btf *b, const char *sname, const char *member)
{
	for (uint32_t id = 1; id < b->n; id++) {
		const struct btf_type *t = b->by_id[id];

		if (kind(t) == K_STRUCT && vlen(t) && !strcmp(name(b, t->name_off), sname))
			return member_offset(b, t, member, 0);
	}
	return -1;
}
