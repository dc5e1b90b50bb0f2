import { Controller, Get, Post } from "honest";
import type { Form, Json, MaxLength, Pattern } from "honest";

// The routes bench/hostile/attacks.mjs sends issue 26's attacks to. Each
// handler answers { ok: true }: what is measured is everything before it.
// bench/hostile/fastify-app.mjs declares the same bodies as JSON Schemas.
// It has no route for `MaxLength<20> & Pattern<"^(a+)+$">`: its exponential
// backtracking fails honest's build (TS991033), where Fastify serves it.

/** A bounded string whose pattern backtracks quadratically on a long run of digits with no `x`. */
export interface Guarded {
  guarded?: string & MaxLength<20> & Pattern<"\\d+x">;
}

/** A recursive union with no discriminant: which member a value is shows only by trying each. */
export interface NA {
  a: string;
  next?: NA | NB;
}
export interface NB {
  b: number;
  next?: NA | NB;
}

/** The same with three members. */
export interface NA3 {
  a: string;
  next?: NA3 | NB3 | NC3;
}
export interface NB3 {
  b: number;
  next?: NA3 | NB3 | NC3;
}
export interface NC3 {
  c: boolean;
  next?: NA3 | NB3 | NC3;
}

/** Two members whose `next` is declared before the required key, so a member that does not fit is found out only after `next` is checked. */
export interface NextFirstA {
  next?: NextFirstA | NextFirstB;
  a: string;
}
export interface NextFirstB {
  next?: NextFirstA | NextFirstB;
  b: number;
}

export interface Ok {
  ok: boolean;
}

@Controller()
export class AttackController {
  @Get("/health")
  async health(): Promise<Json<Ok>> {
    return { ok: true };
  }

  @Post("/guarded")
  async guarded(_body: Json<Guarded>): Promise<Json<Ok>> {
    return { ok: true };
  }

  @Post("/guarded-form")
  async guardedForm(_form: Form<Guarded>): Promise<Json<Ok>> {
    return { ok: true };
  }

  @Post("/union")
  async union(_body: Json<NA | NB>): Promise<Json<Ok>> {
    return { ok: true };
  }

  @Post("/union3")
  async union3(_body: Json<NA3 | NB3 | NC3>): Promise<Json<Ok>> {
    return { ok: true };
  }

  @Post("/union-next-first")
  async unionNextFirst(_body: Json<NextFirstA | NextFirstB>): Promise<Json<Ok>> {
    return { ok: true };
  }
}
