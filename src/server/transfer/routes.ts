/**
 * GET /api/export (every diagram as a zip) and POST /api/import (multipart files). Multipart
 * parsing is registered only in this plugin's scope; the same-origin guard runs before it.
 */
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_LIMITS } from '../../shared/transfer.js';
import { currentUser, requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import { diagramsStore } from '../diagrams/store.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { AppError, badRequest } from '../errors.js';
import { foldersStore } from '../folders/store.js';
import { commentsStore } from '../comments/store.js';
import { buildExportArchive, exportFileName } from './export-archive.js';
import type { UploadedFile } from './import-plan.js';
import { planInWorker } from './import-thread.js';
import { diagramImporter } from './importer.js';
import { tooLarge } from './zip-reader.js';

const MB = 1024 * 1024;

export async function transferRoutes(
  app: FastifyInstance,
  db: Db,
  writer: DiagramWriter,
  limits: { importsPerMinute: number },
): Promise<void> {
  const diagrams = diagramsStore(db);
  const folders = foldersStore(db);
  const comments = commentsStore(db);
  const imports = diagramImporter(db, writer);

  app.get('/api/export', async (request, reply) => {
    const user = await requireUser(db, request);
    const now = new Date();
    const [folderList, diagramList] = await Promise.all([
      folders.list(user.id),
      diagrams.list(user),
    ]);
    const threads = await comments.threadsOf(diagramList.map((diagram) => diagram.id));
    const { bytes } = buildExportArchive(folderList, diagramList, now, threads);
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        files: IMPORT_LIMITS.files,
        // A zip's compressed size never exceeds what it may hold uncompressed (plus headers).
        fileSize: IMPORT_LIMITS.totalBytes + MB,
        fields: 10,
        fieldSize: 1024,
        parts: IMPORT_LIMITS.files + 10,
      },
    });

    // Counted per user (the session resolved once per request), so a second tab or address does
    // not buy more; signed-out calls are counted per address and answered 401 anyway.
    const perUser = {
      rateLimit: {
        max: limits.importsPerMinute,
        timeWindow: 60_000,
        keyGenerator: async (request: FastifyRequest) => {
          const user = await currentUser(db, request);
          return user ? `import:user:${user.id}` : `import:ip:${request.ip}`;
        },
      },
    };

    scope.post('/api/import', { config: perUser }, async (request, reply) => {
      const user = await requireUser(db, request);
      if (!request.isMultipart()) {
        throw badRequest('Send the files to import as multipart/form-data.');
      }
      const files = await receiveFiles(request.files());
      const plan = await planInWorker(files);
      return reply.status(201).send(await imports.importPlan(user, plan));
    });
  });
}

type FilePart = { filename: string; toBuffer(): Promise<Buffer> };

/** Reads every uploaded file, with the limits' errors made to name the file. */
async function receiveFiles(parts: AsyncIterable<FilePart>): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  let received = 0;
  let current = '';
  try {
    for await (const part of parts) {
      current = part.filename;
      const bytes = await part.toBuffer();
      received += bytes.length;
      if (received > IMPORT_LIMITS.totalBytes + MB) throw tooLarge(`"${part.filename}"`);
      files.push({ name: part.filename, bytes: new Uint8Array(bytes) });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as FastifyError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(`"${current}"`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(413, `Import at most ${IMPORT_LIMITS.files} files at a time.`);
    }
    // Anything else here is the upload itself not parsing (a cut-off or malformed body).
    throw badRequest(
      'The upload could not be read. Choose the files again and retry (a .mmd, .mermaid, .md or .zip file).',
    );
  }
  return files;
}
