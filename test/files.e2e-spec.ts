/**
 * Files users upload to attach to runs, over real HTTP on both adapters: streamed multipart
 * uploads, the type sniffed from the bytes, downloads, the owner's scope, the size limit, and
 * bodies that are not uploads.
 */
import { createHash } from 'node:crypto';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { PDF_BYTES, pngBytes, storedCounts, upload, uploaded } from './support/files';
import { describeHttpContract } from './support/test-app';

const MAX_BYTES = 64 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** supertest keeps a binary body as a Buffer only when told to. */
const binary = (
  response: NodeJS.ReadableStream,
  callback: (error: Error | null, body: unknown) => void,
) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
};

describeHttpContract(
  'Files',
  (testApp) => {
    let alice: RuntimeUser;
    let bob: RuntimeUser;

    beforeAll(async () => {
      alice = await runtimeUser(testApp(), 'alice');
      bob = await runtimeUser(testApp(), 'bob');
    });

    const download = (user: RuntimeUser, id: string) =>
      testApp()
        .http.get(`/api/v1/files/${id}/content`)
        .set('Authorization', user.auth)
        .buffer(true)
        .parse(binary as unknown as (res: unknown, cb: unknown) => void);

    it('stores a text file, sniffed, with its hash, and serves it back byte for byte', async () => {
      const bytes = Buffer.from('Meeting notes\n- ship the files API ✓\n', 'utf8');
      const response = await upload(testApp(), alice, bytes, 'notes.txt', 'text/plain');
      expect(response.status).toBe(201);
      const file = response.body as { id: string };
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'notes.txt',
        mime_type: 'text/plain',
        declared_type: 'text/plain',
        size_bytes: bytes.length,
        sha256: sha256(bytes),
        created_at: expect.any(String),
        content_url: `/api/v1/files/${file.id}/content`,
      });
      expect(response.headers.location).toBe(`/api/v1/files/${file.id}`);

      const content = await download(alice, file.id);
      expect(content.status).toBe(200);
      expect(Buffer.compare(content.body as Buffer, bytes)).toBe(0);
      expect(content.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(content.headers['content-length']).toBe(String(bytes.length));
      expect(content.headers['content-disposition']).toContain('filename="notes.txt"');
    });

    it('stores a PNG as image/png and serves the exact bytes', async () => {
      const png = pngBytes(3, 2);
      const file = await uploaded(testApp(), alice, png, 'pixel.png', 'image/png');
      expect(file).toMatchObject({ mime_type: 'image/png', size_bytes: png.length });
      expect(file.sha256).toBe(sha256(png));
      const content = await download(alice, file.id);
      expect(content.headers['content-type']).toBe('image/png');
      expect(content.headers['x-content-type-options']).toBe('nosniff');
      expect(content.headers['content-disposition']).toContain('filename="pixel.png"');
      expect(Buffer.compare(content.body as Buffer, png)).toBe(0);
    });

    it('believes the bytes, not the declared type, and keeps the declared type beside', async () => {
      const disguised = await uploaded(
        testApp(),
        alice,
        Buffer.from('just text'),
        'fake.png',
        'image/png',
      );
      expect(disguised).toMatchObject({ mime_type: 'text/plain', declared_type: 'image/png' });

      const pdf = await uploaded(testApp(), alice, PDF_BYTES, 'doc.bin', 'application/zip');
      expect(pdf).toMatchObject({ mime_type: 'application/pdf', declared_type: 'application/zip' });

      const json = await uploaded(testApp(), alice, Buffer.from('{"a":1}'), 'data.json');
      expect(json.mime_type).toBe('application/json');
      const csv = await uploaded(testApp(), alice, Buffer.from('a,b\n1,2\n'), 'x', 'text/csv');
      expect(csv.mime_type).toBe('text/csv');

      const binaryFile = await uploaded(
        testApp(),
        alice,
        Buffer.from([0x00, 0x01, 0xfe, 0xff]),
        'blob.txt',
        'text/plain',
      );
      expect(binaryFile).toMatchObject({
        mime_type: 'application/octet-stream',
        declared_type: 'text/plain',
      });
    });

    it('lists my files, newest first, and only mine', async () => {
      const first = await uploaded(testApp(), alice, Buffer.from('one'), 'one.txt');
      const second = await uploaded(testApp(), alice, Buffer.from('two'), 'two.md');
      const mine = await alice.get('/api/v1/files?limit=2');
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({ limit: 2, offset: 0 });
      expect((mine.body as { items: { id: string }[] }).items.map((f) => f.id)).toEqual([
        second.id,
        first.id,
      ]);
      expect(second.mime_type).toBe('text/markdown');

      const theirs = await bob.get('/api/v1/files');
      const ids = (theirs.body as { items: { id: string }[] }).items.map((f) => f.id);
      expect(ids).not.toContain(first.id);
      expect(ids).not.toContain(second.id);
    });

    it('reads one file with its usages (none yet)', async () => {
      const file = await uploaded(testApp(), alice, Buffer.from('x'), 'x.txt');
      const response = await alice.get(`/api/v1/files/${file.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...file, usages: [] });
    });

    it("is 404 FILE_NOT_FOUND everywhere for another user's file", async () => {
      const file = await uploaded(testApp(), alice, Buffer.from('secret'), 'secret.txt');
      const notFound = {
        success: false,
        error: {
          code: 'FILE_NOT_FOUND',
          message: `File with id '${file.id}' not found`,
          details: { file_ids: [file.id] },
        },
      };
      for (const response of [
        await bob.get(`/api/v1/files/${file.id}`),
        await bob.get(`/api/v1/files/${file.id}/content`),
        await bob.del(`/api/v1/files/${file.id}`),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual(notFound);
      }
      expect((await download(alice, file.id)).status).toBe(200);
      // An id that cannot be one is simply not found too.
      expect((await alice.get('/api/v1/files/not-a-uuid')).body.error.code).toBe('FILE_NOT_FOUND');
    });

    it('deletes a file and its bytes', async () => {
      const before = await storedCounts(testApp());
      const file = await uploaded(testApp(), alice, Buffer.from('bye'), 'bye.txt');
      expect(await storedCounts(testApp())).toEqual({
        files: before.files + 1,
        blobs: before.blobs + 1,
      });
      const deleted = await alice.del(`/api/v1/files/${file.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ deleted: true, id: file.id });
      expect((await alice.get(`/api/v1/files/${file.id}`)).status).toBe(404);
      expect((await download(alice, file.id)).status).toBe(404);
      expect(await storedCounts(testApp())).toEqual(before);
    });

    it('refuses a file over FILE_MAX_BYTES with 413 FILE_TOO_LARGE and stores nothing', async () => {
      const before = await storedCounts(testApp());
      for (const size of [MAX_BYTES + 1, 1024 * 1024]) {
        const response = await upload(testApp(), alice, Buffer.alloc(size, 'a'), 'big.txt');
        expect(response.status).toBe(413);
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'FILE_TOO_LARGE',
            message: `The file exceeds the maximum size of ${MAX_BYTES} bytes (FILE_MAX_BYTES)`,
            details: { max_bytes: MAX_BYTES },
          },
        });
      }
      expect(await storedCounts(testApp())).toEqual(before);
      // Exactly the limit is fine.
      const atLimit = await upload(testApp(), alice, Buffer.alloc(MAX_BYTES, 'a'), 'max.txt');
      expect(atLimit.status).toBe(201);
      expect(atLimit.body.size_bytes).toBe(MAX_BYTES);
    });

    it.each([
      ['application/json', '{"file":"x"}'],
      ['text/plain', 'x'],
    ])('refuses a %s body with 415 and the envelope', async (contentType, body) => {
      const response = await testApp()
        .http.post('/api/v1/files')
        .set('Authorization', alice.auth)
        .set('Content-Type', contentType)
        .send(body);
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({
        success: false,
        error: { code: 'UNSUPPORTED_MEDIA_TYPE' },
      });
    });

    it.each(['/api/v1/tools', '/api/v1/sessions', '/api/tools/encodePlantUML'])(
      'a multipart body where no upload is taken (%s) is 415, as any body not JSON',
      async (path) => {
        const response = await testApp()
          .http.post(path)
          .set('Authorization', alice.auth)
          .field('name', 'x')
          .attach('file', Buffer.from('x'), 'x.txt');
        expect(response.status).toBe(415);
        expect(response.body).toMatchObject({
          success: false,
          error: { code: 'UNSUPPORTED_MEDIA_TYPE' },
        });
      },
    );

    it('is 422 without a part named file', async () => {
      const response = await testApp()
        .http.post('/api/v1/files')
        .set('Authorization', alice.auth)
        .field('title', 'no file here')
        .attach('document', Buffer.from('x'), 'x.txt');
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'file', messages: [expect.stringContaining('file')] }],
      });
    });

    it('is 400 for a multipart body cut short, and stores nothing', async () => {
      const before = await storedCounts(testApp());
      const response = await testApp()
        .http.post('/api/v1/files')
        .set('Authorization', alice.auth)
        .set('Content-Type', 'multipart/form-data; boundary=XYZ')
        .send('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc');
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
      expect(await storedCounts(testApp())).toEqual(before);
    });

    it('needs an API key', async () => {
      const response = await testApp()
        .http.post('/api/v1/files')
        .attach('file', Buffer.from('x'), 'x.txt');
      expect(response.status).toBe(401);
      expect(response.body.success).toBe(false);
    });

    it('leaves JSON bodies of other routes as they were', async () => {
      const { sessionId } = await alice.session();
      expect((await alice.get(`/api/v1/sessions/${sessionId}`)).status).toBe(200);
    });
  },
  { env: { FILE_MAX_BYTES: String(MAX_BYTES) } },
);
