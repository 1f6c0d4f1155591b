// JSX typing of <altcha-widget> (attributes, ref) and the global $altcha registry.
import 'altcha/types/react';
