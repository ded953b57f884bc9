import type { Catalogue } from './types';

/** The shell screens in Spanish (words: docs/glossary-es.md). */
export const shell: Catalogue['shell'] = {
  verifying: 'Verificando sus datos',
  stuck: '¿No carga? Pruebe a actualizar la página',
  errorHeadline: 'Algo salió mal',
  errorText: 'Volver a cargar la página suele arreglarlo. Si no, llame al centro de ayuda.',
  reload: 'Volver a cargar',
  getHelp: 'Pedir ayuda',
  cookieHeadline: 'Active las cookies para usar {product}',
  cookieExplanation: 'Su navegador debe tener las cookies activadas para iniciar sesión.',
  yourBrowser: 'Su navegador: {browser}',
  howToEnableCookies: 'Cómo activar las cookies',
};
