import type { FastifyInstance } from 'fastify';

// Placeholder: filled in by its owner.
export default async function (_app: FastifyInstance): Promise<void> {}
