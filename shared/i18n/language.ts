// The page's language, apart from the dictionaries: code that only needs to know the
// language (the shell, the locale store) does not load rosetta. It lives with the bootstrap it
// reads (shared/bootstrap.ts).
export { language, languageOf, withoutLanguagePrefix, type Language } from '../bootstrap';
