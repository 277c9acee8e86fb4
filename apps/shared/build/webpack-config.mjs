// One webpack configuration for the three apps: content-hashed files under /static/<app>/, one lazily
// loaded chunk per screen and per layout, CSS extracted per chunk, and a chunk-graph file (.stats/) that
// `npm run size` reads.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';

const sharedRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Writes which files each entry point and named chunk group needs, for the size report. */
class ChunkGraphPlugin {
  constructor(file) {
    this.file = file;
  }
  apply(compiler) {
    compiler.hooks.done.tap('ChunkGraphPlugin', (stats) => {
      const json = stats.toJson({ all: false, entrypoints: true, chunkGroups: true, chunkGroupAuxiliary: false });
      const files = (group) => group.assets.map((asset) => asset.name);
      const graph = {
        entrypoints: Object.fromEntries(Object.entries(json.entrypoints).map(([name, group]) => [name, files(group)])),
        chunkGroups: Object.fromEntries(Object.entries(json.namedChunkGroups).map(([name, group]) => [name, files(group)])),
      };
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(this.file, `${JSON.stringify(graph, null, 2)}\n`);
    });
  }
}

/**
 * Emits a service worker (`serviceWorker.file`, fixed name) from `serviceWorker.source`, preceded by
 * `const FILES = [...]`: the files of the entry point and of the named chunk groups it serves offline.
 */
class ServiceWorkerPlugin {
  constructor({ file, source, chunkGroups }) {
    Object.assign(this, { file, source, chunkGroups });
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ServiceWorkerPlugin', (compilation) => {
      // After the content hashes are final.
      compilation.hooks.processAssets.tap({ name: 'ServiceWorkerPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = new Set();
        for (const name of ['main', ...this.chunkGroups]) {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`ServiceWorkerPlugin: no chunk group named ${name}`);
          for (const chunk of group.chunks) for (const asset of chunk.files) files.add(asset);
        }
        const text = `const FILES = ${JSON.stringify([...files].sort())};\n${readFileSync(this.source, 'utf8')}`;
        compilation.emitAsset(this.file, new sources.RawSource(text));
      });
    });
  }
}

/**
 * @param {{ app: 'public' | 'portal' | 'admin', appRoot: string, title: string, description: string,
 *   serviceWorker?: { file: string, source: string, chunkGroups: string[] } }} options
 */
export function createWebpackConfig({ app, appRoot, title, description, serviceWorker }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const hashed = production ? '[name].[contenthash:10]' : '[name]';
    return {
      mode: production ? 'production' : 'development',
      context: appRoot,
      entry: { main: './src/main.tsx' },
      output: {
        path: join(appRoot, 'dist'),
        publicPath: `/static/${app}/`,
        filename: `${hashed}.js`,
        chunkFilename: `${hashed}.js`,
        assetModuleFilename: production ? '[name].[contenthash:10][ext]' : '[name][ext]',
        clean: true,
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        alias: { '@olympiad/shared': join(sharedRoot, 'src') },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    auto: /\.module\.css$/,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: production ? '[hash:base64:8]' : '[name]__[local]',
                  },
                },
              },
            ],
          },
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        runtimeChunk: 'single',
        moduleIds: 'deterministic',
        chunkIds: production ? 'deterministic' : 'named',
        splitChunks: { chunks: 'all' },
        // Licence comments stay inside the files: dist holds index.html and hashed files only.
        minimizer: [new TerserPlugin({ extractComments: false }), new CssMinimizerPlugin()],
      },
      performance: { hints: false },
      plugins: [
        new HtmlWebpackPlugin({
          template: join(sharedRoot, 'build', 'index.html'),
          filename: 'index.html',
          pageTitle: title,
          pageDescription: description,
          minify: production ? { collapseWhitespace: true, removeComments: true } : false,
        }),
        new MiniCssExtractPlugin({ filename: `${hashed}.css`, chunkFilename: `${hashed}.css` }),
        new ChunkGraphPlugin(join(appRoot, '.stats', 'chunk-graph.json')),
        ...(serviceWorker ? [new ServiceWorkerPlugin({ ...serviceWorker, source: join(appRoot, serviceWorker.source) })] : []),
      ],
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
}
