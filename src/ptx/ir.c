/*
 * ir.c - immutable tables of the decoded IR: the opcode table generated
 * from ops.def and the PTX type helpers declared in ir.h.
 */
#include "../base/base.h"
#include "ir.h"

const struct op_info op_table[OP__COUNT] = {
#define OP(e, name, unit, lat, flags) [OP_##e] = {name, unit, lat, flags},
#include "ops.def"
#undef OP
};

static const struct {
	const char *name; /* PTX spelling without the dot */
	uint8_t size;     /* bytes */
	uint8_t kind;     /* 0 bits, 1 unsigned, 2 signed, 3 float */
} ptype_info[PT__COUNT] = {
	[PT_NONE] = {"", 0, 0},      [PT_PRED] = {"pred", 0, 0},
	[PT_B8] = {"b8", 1, 0},      [PT_B16] = {"b16", 2, 0},
	[PT_B32] = {"b32", 4, 0},    [PT_B64] = {"b64", 8, 0},
	[PT_B128] = {"b128", 16, 0}, [PT_U8] = {"u8", 1, 1},
	[PT_U16] = {"u16", 2, 1},    [PT_U32] = {"u32", 4, 1},
	[PT_U64] = {"u64", 8, 1},    [PT_S8] = {"s8", 1, 2},
	[PT_S16] = {"s16", 2, 2},    [PT_S32] = {"s32", 4, 2},
	[PT_S64] = {"s64", 8, 2},    [PT_F16] = {"f16", 2, 3},
	[PT_F16X2] = {"f16x2", 4, 3}, [PT_BF16] = {"bf16", 2, 3},
	[PT_F32] = {"f32", 4, 3},    [PT_F64] = {"f64", 8, 3},
};

unsigned ptype_size(enum ptype t)
{
	return (unsigned)t < PT__COUNT ? ptype_info[t].size : 0;
}

bool ptype_is_signed(enum ptype t)
{
	return (unsigned)t < PT__COUNT && ptype_info[t].kind == 2;
}

bool ptype_is_float(enum ptype t)
{
	return (unsigned)t < PT__COUNT && ptype_info[t].kind == 3;
}

const char *ptype_name(enum ptype t)
{
	return (unsigned)t < PT__COUNT ? ptype_info[t].name : "?";
}
