import type { FastifyInstance } from 'fastify';
import type { PreviewContext } from '../context.js';
import type { FixtureComment } from '../store/types.js';
import type { FormResult } from '../liquid/context.js';
import { EMAIL_PATTERN, type FieldError } from '../platform/customers.js';
import { notice } from '../platform/notices.js';
import { field, formBody } from './return-to.js';

// The new_comment form's post (/blogs/<blog>/<article>/comments). A blog with comments off has
// no such address. A post with a blank name, email or comment goes back to the form with its
// errors and the values typed; a good one is kept (held for approval on a moderated blog,
// shown at once otherwise) and the browser goes back to the article's comments with the new
// comment named in the address (`?comment=<id>#comments`), where the page's `comment` object is it.

/** Posted comments an article keeps while the preview runs; the oldest posted go first. */
export const POSTED_COMMENTS_LIMIT = 100;
const FIELD_MAX = 255;
const BODY_MAX = 5000;

function commentErrors(author: string, email: string, body: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!author) errors.push({ field: 'author', key: 'blank' });
  if (!email) errors.push({ field: 'email', key: 'blank' });
  else if (email.length > FIELD_MAX || !EMAIL_PATTERN.test(email)) errors.push({ field: 'email', key: 'invalid_email' });
  if (!body) errors.push({ field: 'body', key: 'blank' });
  return errors;
}

function failed(language: string, errors: FieldError[], values: Record<string, string>): FormResult {
  return {
    errors: errors.map((e) => ({ field: e.field, message: notice(language, e.key), translatedField: notice(language, `attributes.${e.field}`) })),
    postedSuccessfully: false,
    values,
  };
}

let nextCommentId = 2_290_000_001;

export function registerBlogRoutes(app: FastifyInstance, preview: PreviewContext, language: string, prefix: string): void {
  app.post(`${prefix}/blogs/:blog/:article/comments`, async (request, reply) => {
    const { blog: blogHandle = '', article: handle = '' } = request.params as Record<string, string>;
    const blog = preview.store().blogsByHandle.get(blogHandle);
    const article = blog?.articles.find((a) => a.handle === handle);
    if (!blog || !article || blog.comments === 'disabled') return preview.renderNotFound(request, reply, language);
    const body = formBody(request);
    const values = {
      author: field(body, 'comment[author]').trim().slice(0, FIELD_MAX),
      email: field(body, 'comment[email]').trim().slice(0, FIELD_MAX),
      body: field(body, 'comment[body]').trim().slice(0, BODY_MAX),
    };
    const url = `${prefix}/blogs/${blog.handle}/${article.handle}`;
    const session = preview.session(request, reply);
    const errors = commentErrors(values.author, values.email, values.body);
    if (errors.length) {
      session.flash = { formType: 'new_comment', result: failed(language, errors, values) };
      return reply.redirect(`${url}#comment_form`, 302);
    }
    const comment: FixtureComment = {
      id: nextCommentId++,
      author: values.author,
      email: values.email,
      body: values.body,
      created_at: new Date(preview.now()).toISOString(),
      status: blog.comments === 'moderated' ? 'unapproved' : 'published',
    };
    article.comments.push(comment);
    const posted = article.comments.filter((c) => c.id >= 2_290_000_001);
    if (posted.length > POSTED_COMMENTS_LIMIT) article.comments.splice(article.comments.indexOf(posted[0]!), 1);
    session.flash = { formType: 'new_comment', result: { errors: [], postedSuccessfully: true, values: {} } };
    return reply.redirect(`${url}?comment=${comment.id}#comments`, 302);
  });
}
